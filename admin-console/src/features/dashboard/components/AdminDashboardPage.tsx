import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { canManageUsers, ROLE_LABELS, sessionRole } from '@sbc/domain';
import { paths, REMOTE_ROUTES, usePageMeta, useRootStore } from '@sbc/shared';
import { AdminNotes } from '../../../components/AdminNotes';
import '../../../components/admin.css';

/**
 * The catalogue and material pages are routed by shells from issue 38 on: @sbc/shared is the shell's copy, so beside an older
 * shell (docs/deploying.md, compatibility policy) the link is not offered rather than leading nowhere.
 */
const routed = (path: string | undefined) => typeof path === 'string' && REMOTE_ROUTES.some((route) => route.path === path);
const catalogRouted = () => routed(paths.adminProducts);

/**
 * /admin: who is signed in, the quick actions, and the administrators' notes. An editor (issue 38) gets the
 * catalogue's actions only: no Manage Users, no Salute (the shell refuses those pages to them too).
 */
export const AdminDashboardPage = observer(function AdminDashboardPage() {
  const { auth } = useRootStore();
  const role = sessionRole(auth);
  const admin = canManageUsers(role);
  usePageMeta({ title: 'Admin Dashboard · SBC Tycoon', description: 'Administration of the SBC Tycoon catalogue.', robots: 'noindex, nofollow' });
  return (
    <div className="ac-page">
      <header className="ac-row">
        <h1 lang="en">Admin Dashboard</h1>
        <span className="ac-badge">{ROLE_LABELS[role]}</span>
      </header>
      <p>
        Accesso effettuato come <strong>{auth.user?.email ?? '—'}</strong>
      </p>
      <section className="ac-card" aria-labelledby="ac-actions-title">
        <h2 id="ac-actions-title">Azioni rapide</h2>
        <ul className="ac-actions">
          {admin && (
            <li>
              <Link className="ac-btn ac-btn-primary" to={paths.adminUsers} lang="en">
                Manage Users
              </Link>
            </li>
          )}
          {catalogRouted() && (
            <li>
              <Link className="ac-btn ac-btn-primary" to={paths.adminProducts}>
                Catalogo prodotti
              </Link>
            </li>
          )}
          <li>
            <Link className="ac-btn ac-btn-primary" to={paths.adminAddProduct} lang="en">
              Add Product
            </Link>
          </li>
          <li>
            <Link className="ac-btn ac-btn-primary" to={paths.adminAddMaterial} lang="en">
              Add Material
            </Link>
          </li>
          <li>
            <Link className="ac-btn ac-btn-primary" to={paths.adminJsonEditor} lang="en">
              JSON Editor
            </Link>
          </li>
          {routed(paths.adminEditMaterial) && (
            <li>
              <Link className="ac-btn ac-btn-primary" to={paths.adminEditMaterial}>
                Modifica materiale
              </Link>
            </li>
          )}
          {admin && (
            <li>
              <Link className="ac-btn ac-btn-primary" to={paths.adminHealth}>
                Salute delle release
              </Link>
            </li>
          )}
        </ul>
      </section>
      <AdminNotes />
    </div>
  );
});
