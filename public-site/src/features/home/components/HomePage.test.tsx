import { APP_STORE_URL } from '@sbc/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '../../../test/render-page';
import { HomePage } from './HomePage';

/** An IntersectionObserver stand-in whose callback the test fires by hand. */
function installIntersectionObserver() {
  const instances: Array<{
    options?: IntersectionObserverInit;
    observed: Element[];
    unobserved: Element[];
    fire: (entries: Array<{ target: Element; isIntersecting: boolean }>) => void;
  }> = [];
  const original = Object.getOwnPropertyDescriptor(globalThis, 'IntersectionObserver');
  Object.defineProperty(globalThis, 'IntersectionObserver', {
    configurable: true,
    writable: true,
    value: class {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        const self = this as unknown as IntersectionObserver;
        const instance = {
          options,
          observed: [] as Element[],
          unobserved: [] as Element[],
          fire: (entries: Array<{ target: Element; isIntersecting: boolean }>) =>
            callback(entries as unknown as IntersectionObserverEntry[], self),
        };
        instances.push(instance);
        Object.assign(this, {
          observe: (el: Element) => instance.observed.push(el),
          unobserve: (el: Element) => instance.unobserved.push(el),
          disconnect: () => undefined,
        });
      }
    },
  });
  return {
    instances,
    uninstall() {
      if (original) Object.defineProperty(globalThis, 'IntersectionObserver', original);
      else delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    },
  };
}

/** Renders the home page and waits for its statistics read, so the store's update lands inside the test. */
async function renderHome(options: Parameters<typeof renderPage>[1] = {}) {
  const view = renderPage(<HomePage />, options);
  const panel = screen.getByRole('region', { name: 'Live statistics' });
  await waitFor(() => expect(panel).toHaveAttribute('aria-busy', 'false'));
  return { ...view, panel };
}

const stats = { totalHeadquarters: 1234, totalMarketValue: 2_500_000_000, totalPlayers: 987 };

describe('HomePage', () => {
  it('shows the three live statistics with the home metric format', async () => {
    await renderHome({ seed: { gameStats: stats } });
    expect(await screen.findByText('1k+')).toBeInTheDocument();
    expect(screen.getByText('2.5B SBC')).toBeInTheDocument();
    expect(screen.getByText('987')).toBeInTheDocument();
  });

  it('shows dashes when there are no statistics', async () => {
    await renderHome({ seed: {} });
    expect(await screen.findByText('Players')).toBeInTheDocument();
    expect(screen.getAllByText('—')).toHaveLength(3);
  });

  it('shows dashes when the game statistics cannot be read', async () => {
    // The gateway turns a failed read into "no statistics" (SPEC section 8); the panel must not stay busy.
    const { panel } = await renderHome({ seed: { gameStats: stats, failing: { 'game.getStats': new Error('offline') } } });
    expect(within(panel).getAllByRole('definition').map((dd) => dd.textContent)).toEqual(['—', '—', '—']);
    expect(within(panel).queryByText('987')).not.toBeInTheDocument();
  });

  it('names each statistic before its value (dt, then dd)', async () => {
    await renderHome({ seed: { gameStats: stats } });
    await screen.findByText('987');
    const items = document.querySelectorAll('.ps-stats__item');
    expect(Array.from(items).map((item) => Array.from(item.children).map((c) => `${c.tagName}:${c.textContent}`))).toEqual([
      ['DT:Headquarters', 'DD:1k+'],
      ['DT:Market value', 'DD:2.5B SBC'],
      ['DT:Players', 'DD:987'],
    ]);
  });

  it('links the hero to products, materials and the app store (noopener)', async () => {
    await renderHome();
    const hero = screen.getByRole('region', { name: 'Build a business empire in a living economy' });
    expect(within(hero).getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
    expect(within(hero).getByRole('link', { name: 'Browse materials' })).toHaveAttribute('href', '/materials');
    const store = within(hero).getByRole('link', { name: 'Download on the App Store' });
    expect(store).toHaveAttribute('href', APP_STORE_URL);
    expect(store).toHaveAttribute('rel', 'noopener');
  });

  it('shows 8 screenshots with titles, descriptions and alt texts', async () => {
    await renderHome();
    const gallery = screen.getByRole('region', { name: 'Inside the game' });
    const images = within(gallery).getAllByRole('img');
    expect(images).toHaveLength(8);
    expect(images.every((img) => (img.getAttribute('alt') ?? '').length > 0)).toBe(true);
    expect(within(gallery).getByText('Live Market')).toBeInTheDocument();
  });

  it('shows every onboarding card at once without IntersectionObserver, staggered by 120 ms', async () => {
    await renderHome();
    const cards = document.querySelectorAll<HTMLElement>('.ps-onboarding__card');
    expect(cards).toHaveLength(4);
    expect(Array.from(cards).map((c) => c.dataset.visible)).toEqual(['true', 'true', 'true', 'true']);
    expect(Array.from(cards).map((c) => c.style.transitionDelay)).toEqual(['0ms', '120ms', '240ms', '360ms']);
  });

  it('reveals a card once 30% of it is in view (negative 10% bottom margin), and only that card', async () => {
    const io = installIntersectionObserver();
    try {
      await renderHome();
      expect(io.instances[0].options).toEqual({ threshold: 0.3, rootMargin: '0px 0px -10% 0px' });
      const cards = Array.from(document.querySelectorAll<HTMLElement>('.ps-onboarding__card'));
      expect(io.instances[0].observed).toEqual(cards);
      expect(cards.map((c) => c.dataset.visible)).toEqual(['false', 'false', 'false', 'false']);

      act(() => io.instances[0].fire([{ target: cards[0], isIntersecting: false }, { target: cards[1], isIntersecting: true }]));
      expect(cards.map((c) => c.dataset.visible)).toEqual(['false', 'true', 'false', 'false']);
      expect(cards[1]).toHaveClass('ps-onboarding__card--visible');
      // Revealed once: the card is no longer watched, so scrolling back up does not hide it again.
      expect(io.instances[0].unobserved).toEqual([cards[1]]);
    } finally {
      io.uninstall();
    }
  });

  it('shows every card at once, without watching the scroll, when the visitor prefers reduced motion', async () => {
    const io = installIntersectionObserver();
    const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      writable: true,
      value: (query: string) => ({ media: query, matches: query === '(prefers-reduced-motion: reduce)' }) as MediaQueryList,
    });
    try {
      await renderHome();
      const cards = Array.from(document.querySelectorAll<HTMLElement>('.ps-onboarding__card'));
      expect(cards.map((c) => c.dataset.visible)).toEqual(['true', 'true', 'true', 'true']);
      expect(io.instances).toHaveLength(0);
    } finally {
      if (original) Object.defineProperty(window, 'matchMedia', original);
      else delete (window as { matchMedia?: unknown }).matchMedia;
      io.uninstall();
    }
  });

  it('shows the link only on the first capability card', async () => {
    await renderHome();
    const region = screen.getByRole('region', { name: 'Why players use the companion site' });
    expect(within(region).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/products', '/materials']);
  });
});
