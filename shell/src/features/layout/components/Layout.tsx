import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { SiteHeader } from './SiteHeader';
import { SiteFooter } from './SiteFooter';
import './layout.css';

/**
 * The root shell on every page (SPEC section 2): skip link, header, the routed page, then the footer. `search` is
 * the header's search field, `banner` what is said under the header about every figure of the page (offline), and
 * `live` the notes at the bottom (market updates, a new version), composed by the app (features do not import each
 * other).
 */
export function Layout({ search, banner, live }: { search?: ReactNode; banner?: ReactNode; live?: ReactNode }) {
  return (
    <div className="shell-app">
      <a className="shell-skip-link" href="#main-content">
        Skip to content
      </a>
      <SiteHeader search={search} />
      {banner}
      <main id="main-content" className="shell-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      {live}
    </div>
  );
}
