import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { SiteHeader } from './SiteHeader';
import { SiteFooter } from './SiteFooter';
import './layout.css';

/**
 * The root shell on every page (SPEC section 2): skip link, header, the routed page, then the footer. `search` is
 * the header's search field and `live` the market update announcement, composed by the app (features do not import
 * each other).
 */
export function Layout({ search, live }: { search?: ReactNode; live?: ReactNode }) {
  return (
    <div className="shell-app">
      <a className="shell-skip-link" href="#main-content">
        Skip to content
      </a>
      <SiteHeader search={search} />
      <main id="main-content" className="shell-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      {live}
    </div>
  );
}
