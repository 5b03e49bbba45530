import { Navigate, Route, useLocation } from 'react-router-dom';
import { ROUTE_REDIRECTS } from '@sbc/shared';

/** Sends an old address on to its new one, replacing it in the history, with its ?query and #hash kept. */
function RedirectKeepingQuery({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}

/**
 * A route per old address of the manifest (ROUTE_REDIRECTS), for the browser's router: a fixed path, so it ranks
 * above a pattern such as /products/:slug. The render server answers the same addresses with a 301
 * (../ssr/render.tsx), so this one acts on in-app links and on hosts that serve the page without asking it.
 */
export function redirectRoutes() {
  return ROUTE_REDIRECTS.map(({ from, to }) => <Route key={from} path={from} element={<RedirectKeepingQuery to={to} />} />);
}
