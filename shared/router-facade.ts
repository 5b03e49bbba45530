/**
 * react-router-dom as the three apps share it in the browser (shared/federation.ts): only the exports the site's
 * code uses, so webpack drops the rest of react-router from the shared chunk. Module Federation cannot tree-shake a
 * shared module (any remote may use any export), so sharing the package itself sent all of it to every first
 * visit: 60 KB gzip, 16 KB as this facade (issue 26: on the phone profile the first visit is bandwidth-bound).
 *
 * Rules of this list:
 * - It is the share scope's `react-router-dom`: a remote gets exactly these names. shared/federation.test.ts fails
 *   when an app imports a name from 'react-router-dom' that is not here (add it here in the same change).
 * - It changes by addition only: a deployed remote built from an earlier commit may use any of these names (the
 *   version-skew journey runs the previous release's remotes under today's shell).
 * - It re-exports from 'react-router', where v7 defines every one of them ('react-router-dom' itself would be the
 *   shared module again, and consume itself).
 */
export {
  BrowserRouter,
  Link,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
