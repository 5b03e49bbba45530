import { Link } from 'react-router-dom';
import { APP_STORE_URL, paths, usePageMeta } from '@sbc/shared';
import { pageSeo } from '../../../lib/page-seo';
import { CAPABILITIES } from '../home-content';
import { OnboardingCards } from './OnboardingCards';
import { ScreenshotGallery } from './ScreenshotGallery';
import { MoversPanel } from './MoversPanel';
import { StatsPanel } from './StatsPanel';
import { WatchlistSummary } from './WatchlistSummary';
import '../../../components/ps-base.css';
import './home.css';
// Inlined (a data URL, 2 KB): the hero is the home page's largest paint on a phone.
import heroCity from '../../../assets/hero-city.svg?inline';

function MarketLinks() {
  return (
    <span className="ps-home__links">
      <Link to={paths.products}>Explore products</Link>
      <Link to={paths.materials}>Explore materials</Link>
    </span>
  );
}

/** The marketing home page. */
export function HomePage() {
  usePageMeta(
    pageSeo({
      title: 'Build your business empire',
      description: 'SBC Tycoon is a multiplayer business-tycoon game with a live simulated economy. Watch its markets, then download the app.',
    }),
  );
  return (
    <div className="ps-page ps-home">
      <section className="ps-hero" aria-labelledby="ps-hero-title">
        <div className="ps-hero__text">
          <p className="ps-eyebrow">Multiplayer business tycoon</p>
          <h1 id="ps-hero-title">Build a business empire in a living economy</h1>
          <p className="ps-hero__lead">Produce, trade and specialize in a market shared by every player. Prices move with real demand.</p>
          <div className="ps-hero__ctas">
            <Link className="ps-btn ps-btn--accent" to={paths.products}>Browse products</Link>
            <Link className="ps-btn" to={paths.materials}>Browse materials</Link>
            <a className="ps-btn" href={APP_STORE_URL} target="_blank" rel="noopener">
              Download on the App Store
            </a>
          </div>
        </div>
        {/* Decoration (the headline says it all): an evening skyline under a rising market line. Above the fold,
            so not lazy; width and height reserve its box. */}
        <img className="ps-hero__visual" src={heroCity} alt="" width={400} height={300} fetchPriority="high" />
      </section>
      <WatchlistSummary />
      <StatsPanel />
      <MoversPanel />
      <ScreenshotGallery />
      <OnboardingCards />
      <section className="ps-home__section" aria-labelledby="ps-capabilities-title">
        <h2 id="ps-capabilities-title">Why players use the companion site</h2>
        <ul className="ps-capabilities">
          {CAPABILITIES.map((c) => (
            <li key={c.title} className="ps-card">
              <h3>{c.title}</h3>
              <p>{c.text}</p>
              {c.withLinks && <MarketLinks />}
            </li>
          ))}
        </ul>
      </section>
      <section className="ps-closing" aria-labelledby="ps-closing-title">
        <h2 id="ps-closing-title">Your first company is one tap away</h2>
        <p>Study the markets here, then grow 5× faster than your rivals in the game.</p>
        <div className="ps-hero__ctas">
          <a className="ps-btn ps-btn--accent" href={APP_STORE_URL} target="_blank" rel="noopener">
            Get the game
          </a>
          <Link className="ps-btn" to={paths.products}>Open the Market Monitor</Link>
        </div>
      </section>
    </div>
  );
}
