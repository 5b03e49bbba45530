import { Navigate, Route, Routes } from 'react-router-dom';
import { paths, routePatterns } from '@sbc/shared';
import { RemotePage } from '../remotes/RemotePage';
import { Layout } from '../features/layout/components/Layout';
import { AdminGuard } from '../features/auth/components/AdminGuard';
import { GuestOnly } from '../features/auth/components/GuestOnly';
import { LoginPage } from '../features/auth/components/LoginPage';
import { RegisterPage } from '../features/auth/components/RegisterPage';
import { SignedInGuard } from '../features/auth/components/SignedInGuard';
import { HeaderSearch } from '../features/search/HeaderSearch';

/** The route table of SPEC.md section 2. Public pages come from public-site, admin pages from admin-console. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout search={<HeaderSearch />} />}>
        <Route index element={<RemotePage id="publicSite/HomePage" />} />
        <Route path={paths.login} element={<GuestOnly><LoginPage /></GuestOnly>} />
        <Route path={paths.register} element={<GuestOnly><RegisterPage /></GuestOnly>} />
        <Route path={paths.faq} element={<RemotePage id="publicSite/FaqPage" />} />
        <Route path={paths.products} element={<RemotePage id="publicSite/ProductsPage" />} />
        <Route path={paths.profitability} element={<RemotePage id="publicSite/ProfitabilityPage" />} />
        <Route path={routePatterns.product} element={<RemotePage id="publicSite/ProductDetailPage" />} />
        <Route path={paths.materials} element={<RemotePage id="publicSite/MaterialsPage" />} />
        <Route path={routePatterns.material} element={<RemotePage id="publicSite/MaterialDetailPage" />} />
        <Route path={paths.watchlist} element={<SignedInGuard><RemotePage id="publicSite/WatchlistPage" /></SignedInGuard>} />
        <Route path={paths.admin} element={<AdminGuard><RemotePage id="adminConsole/AdminDashboardPage" /></AdminGuard>} />
        <Route path={paths.adminAddProduct} element={<AdminGuard><RemotePage id="adminConsole/AddProductPage" /></AdminGuard>} />
        <Route path={paths.adminJsonEditor} element={<AdminGuard><RemotePage id="adminConsole/JsonEditorPage" /></AdminGuard>} />
        <Route path={paths.adminAddMaterial} element={<AdminGuard><RemotePage id="adminConsole/AddMaterialPage" /></AdminGuard>} />
        <Route path={paths.adminUsers} element={<AdminGuard><RemotePage id="adminConsole/ManageUsersPage" /></AdminGuard>} />
        <Route path="*" element={<Navigate to={paths.home} replace />} />
      </Route>
    </Routes>
  );
}
