import { Outlet } from 'react-router-dom';
import { SiteHeader } from './SiteHeader';
import { SiteFooter } from './SiteFooter';
import './layout.css';

/** The root shell on every page (SPEC section 2): skip link, header, the routed page, then the footer. */
export function Layout() {
  return (
    <div className="shell-app">
      <a className="shell-skip-link" href="#main-content">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main-content" className="shell-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
