import { Route } from 'react-router-dom';
import { Layout } from '../components/Layout';

/** The layout around placeholder pages: each page is only a heading naming it. */
export const layoutRoutes = (
  <Route element={<Layout />}>
    <Route index element={<h1>Home page</h1>} />
    <Route path="products" element={<h1>Products page</h1>} />
    <Route path="products/:slug" element={<h1>Product page</h1>} />
    <Route path="materials" element={<h1>Materials page</h1>} />
    <Route path="faq" element={<h1>FAQ page</h1>} />
    <Route path="admin" element={<h1>Admin page</h1>} />
    <Route path="login" element={<h1>Login page</h1>} />
    <Route path="register" element={<h1>Register page</h1>} />
  </Route>
);
