import { useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { paths } from '@sbc/shared';

const NAV = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.products, label: 'Products', end: false },
  { to: paths.materials, label: 'Materials', end: false },
  { to: paths.faq, label: 'FAQ', end: false },
];

/** The root shell on every page (SPEC section 2): skip link, logo, mobile toggle, navigation, header slots. */
export function Layout() {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <header className="site-header">
        <Link to={paths.home} className="brand" aria-label="SBC Tycoon home">
          <span className="brand-logo" aria-hidden="true">S</span>
          <span className="brand-title">SBC Tycoon</span>
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="primary-navigation"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          <span aria-hidden="true">☰</span>
        </button>
        <nav id="primary-navigation" className={menuOpen ? 'site-nav open' : 'site-nav'} aria-label="Main">
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} onClick={() => setMenuOpen(false)}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="header-slots" />
      </header>
      <main id="main-content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
