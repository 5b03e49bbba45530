import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { paths } from '@sbc/shared';
import { NAV_ITEMS } from '../nav-items';
import { GameDateChip } from './GameDateChip';
import { RefreshButton } from './RefreshButton';
import { AccountArea } from './AccountArea';
import { WatchlistAlertBadge, WatchlistNavItem } from './WatchlistNav';
import { ThemeToggle } from './ThemeToggle';
import { CanaryBanner } from './CanaryBanner';

/**
 * Logo, mobile menu toggle, navigation, the search slot (the app passes the search feature's field) and the
 * header actions. The mobile menu closes on navigation and on
 * Escape (focus goes back to the toggle so keyboard users are not stranded).
 */
export function SiteHeader({ search }: { search?: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger: navigating closes the mobile menu
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="shell-header">
      <div className="shell-header-inner">
        <Link to={paths.home} className="shell-brand">
          <span className="shell-brand-logo" aria-hidden="true">
            S
          </span>
          <span className="shell-brand-title">SBC Tycoon</span>
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="shell-menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="primary-navigation"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d={menuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
        <nav id="primary-navigation" className={menuOpen ? 'shell-nav shell-nav-open' : 'shell-nav'} aria-label="Main">
          <ul>
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) => (isActive ? 'shell-nav-link active' : 'shell-nav-link')}
                  onClick={() => setMenuOpen(false)}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
            <WatchlistNavItem onNavigate={() => setMenuOpen(false)} />
          </ul>
        </nav>
        {search}
        <div className="header-slots shell-header-actions">
          <GameDateChip />
          {/* The spec's "visible flag": the refresh action shows on every page except home. */}
          <RefreshButton visible={pathname !== paths.home} />
          <WatchlistAlertBadge />
          <ThemeToggle />
          <AccountArea />
        </div>
      </div>
      <CanaryBanner />
    </header>
  );
}
