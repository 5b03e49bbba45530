import { APP_STORE_URL } from '@sbc/shared';
import { screen, within } from '@testing-library/react';
import { renderPage } from '../../../test/render-page';
import { HomePage } from './HomePage';

const stats = { totalHeadquarters: 1234, totalMarketValue: 2_500_000_000, totalPlayers: 987 };

describe('HomePage', () => {
  it('shows the three live statistics with the home metric format', async () => {
    renderPage(<HomePage />, { seed: { gameStats: stats } });
    expect(await screen.findByText('1k+')).toBeInTheDocument();
    expect(screen.getByText('2.5B SBC')).toBeInTheDocument();
    expect(screen.getByText('987')).toBeInTheDocument();
  });

  it('shows dashes while the statistics are missing', async () => {
    renderPage(<HomePage />, { seed: {} });
    expect(await screen.findByText('Players')).toBeInTheDocument();
    expect(screen.getAllByText('—')).toHaveLength(3);
  });

  it('links the hero to products, materials and the app store (noopener)', () => {
    renderPage(<HomePage />);
    const hero = screen.getByRole('region', { name: 'Build a business empire in a living economy' });
    expect(within(hero).getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
    expect(within(hero).getByRole('link', { name: 'Browse materials' })).toHaveAttribute('href', '/materials');
    const store = within(hero).getByRole('link', { name: 'Download on the App Store' });
    expect(store).toHaveAttribute('href', APP_STORE_URL);
    expect(store).toHaveAttribute('rel', 'noopener');
  });

  it('shows 8 screenshots with titles, descriptions and alt texts', () => {
    renderPage(<HomePage />);
    const gallery = screen.getByRole('region', { name: 'Inside the game' });
    const images = within(gallery).getAllByRole('img');
    expect(images).toHaveLength(8);
    expect(images.every((img) => (img.getAttribute('alt') ?? '').length > 0)).toBe(true);
    expect(within(gallery).getByText('Live Market')).toBeInTheDocument();
  });

  it('shows every onboarding card at once without IntersectionObserver, staggered by 120 ms', () => {
    renderPage(<HomePage />);
    const cards = document.querySelectorAll<HTMLElement>('.ps-onboarding__card');
    expect(cards).toHaveLength(4);
    expect(Array.from(cards).map((c) => c.dataset.visible)).toEqual(['true', 'true', 'true', 'true']);
    expect(Array.from(cards).map((c) => c.style.transitionDelay)).toEqual(['0ms', '120ms', '240ms', '360ms']);
  });

  it('reveals a card once 30% of it is in view (negative 10% bottom margin)', () => {
    const observed: Array<{ cb: IntersectionObserverCallback; options?: IntersectionObserverInit }> = [];
    const original = (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      constructor(cb: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observed.push({ cb, options });
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    };
    try {
      renderPage(<HomePage />);
      expect(observed[0].options).toEqual({ threshold: 0.3, rootMargin: '0px 0px -10% 0px' });
      const cards = document.querySelectorAll<HTMLElement>('.ps-onboarding__card');
      expect(cards[1].dataset.visible).toBe('false');
    } finally {
      (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = original;
    }
  });

  it('shows the link only on the first capability card', () => {
    renderPage(<HomePage />);
    const region = screen.getByRole('region', { name: 'Why players use the companion site' });
    expect(within(region).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/products', '/materials']);
  });
});
