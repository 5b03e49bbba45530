import { Link } from 'react-router-dom';
import { APP_STORE_URL, paths } from '@sbc/shared';
import { NAV_ITEMS } from '../nav-items';
import { AboutThisVersion } from './AboutThisVersion';

/** The end of every page: the site's links, the game's store listing, and where the figures come from. */
export function SiteFooter() {
  return (
    <footer className="shell-footer">
      <div className="shell-footer-inner">
        <div className="shell-footer-brand">
          <p className="shell-footer-title">SBC Tycoon</p>
          <p className="shell-footer-note">
            Market figures come from the game's live economy and update with each game day; prices are in SBC,
            the game's currency, not real money.
          </p>
          <AboutThisVersion />
        </div>
        <nav aria-label="Footer">
          <ul className="shell-footer-links">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
            <li>
              <Link to={paths.register}>Create an account</Link>
            </li>
            <li>
              <Link to={paths.developersApi}>Open data API</Link>
            </li>
          </ul>
        </nav>
        <a className="shell-button shell-button-accent shell-footer-store" href={APP_STORE_URL} target="_blank" rel="noopener">
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M16.4 12.6c0-2.4 2-3.5 2.1-3.6-1.1-1.7-2.9-1.9-3.5-1.9-1.5-.2-2.9.9-3.7.9-.8 0-1.9-.9-3.2-.8-1.6 0-3.2 1-4 2.4-1.7 3-.4 7.4 1.2 9.8.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.2-.8s1.9.8 3.2.8c1.3 0 2.2-1.2 3-2.4.9-1.4 1.3-2.7 1.3-2.8 0 0-2.6-1-2.6-4zM14 5.4c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1 .1 2.1-.6 2.8-1.4z"
            />
          </svg>
          Download on the App Store
        </a>
      </div>
    </footer>
  );
}
