import { Route } from 'react-router-dom';
import { AdminGuard } from '../components/AdminGuard';
import { GuestOnly } from '../components/GuestOnly';
import { LoginPage } from '../components/LoginPage';
import { RegisterPage } from '../components/RegisterPage';

/** The sign-in routes of the route table, around placeholder pages that are only headings. */
export const authRoutes = (
  <>
    <Route path="/" element={<h1>Home page</h1>} />
    <Route path="/login" element={<GuestOnly><LoginPage /></GuestOnly>} />
    <Route path="/register" element={<GuestOnly><RegisterPage /></GuestOnly>} />
    <Route path="/admin" element={<AdminGuard access="catalogue"><h1>Admin dashboard</h1></AdminGuard>} />
    <Route path="/admin/json-editor" element={<AdminGuard access="catalogue"><h1>JSON editor</h1></AdminGuard>} />
    <Route path="/admin/users" element={<AdminGuard access="admin"><h1>Manage users</h1></AdminGuard>} />
  </>
);
