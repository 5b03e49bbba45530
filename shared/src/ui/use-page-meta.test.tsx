import { act, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import type { SeoConfig } from '@sbc/domain';
import { usePageMeta } from './use-page-meta';

// Plain react-dom + act: @testing-library/react cannot load here (its peer @testing-library/dom is not installed).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function render(ui: ReactElement) {
  const root = createRoot(document.createElement('div'));
  act(() => root.render(ui));
  return {
    rerender: (next: ReactElement) => act(() => root.render(next)),
    unmount: () => act(() => root.unmount()),
  };
}

function Page({ config }: { config: SeoConfig }) {
  usePageMeta(config);
  return null;
}

const meta = (attr: 'name' | 'property', key: string) =>
  Array.from(document.head.querySelectorAll('meta'))
    .filter((m) => m.getAttribute(attr) === key)
    .map((m) => m.getAttribute('content'));

const full: SeoConfig = {
  title: 'Market Monitor | SBC Tycoon',
  description: 'Sectors and products',
  url: 'https://example.test/products',
  image: 'https://example.test/cover.png',
  type: 'website',
  siteName: 'SBC Tycoon',
  keywords: ['tycoon game', 'business strategy game'],
  applicationName: 'SBC Tycoon',
  robots: 'index, follow',
  themeColor: '#0b1d3a',
  twitterCard: 'summary_large_image',
  author: 'SBC team',
  tags: ['market', 'sectors'],
  alternateLanguages: { it: 'https://example.test/it/products' },
  structuredData: { '@type': 'Product', name: 'Bread' },
};

beforeEach(() => {
  document.head.innerHTML = '';
  document.title = 'Original title';
});

describe('usePageMeta', () => {
  it('sets the title', () => {
    render(<Page config={full} />);
    expect(document.title).toBe('Market Monitor | SBC Tycoon');
  });

  it.each([
    ['name', 'description', 'Sectors and products'],
    ['name', 'keywords', 'tycoon game, business strategy game'],
    ['name', 'robots', 'index, follow'],
    ['name', 'theme-color', '#0b1d3a'],
    ['name', 'application-name', 'SBC Tycoon'],
    ['name', 'author', 'SBC team'],
    ['property', 'og:title', 'Market Monitor | SBC Tycoon'],
    ['property', 'og:description', 'Sectors and products'],
    ['property', 'og:url', 'https://example.test/products'],
    ['property', 'og:image', 'https://example.test/cover.png'],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'SBC Tycoon'],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', 'Market Monitor | SBC Tycoon'],
    ['name', 'twitter:image', 'https://example.test/cover.png'],
  ] as const)('writes <meta %s="%s"> = %s', (attr, key, content) => {
    render(<Page config={full} />);
    expect(meta(attr, key)).toEqual([content]);
  });

  it('writes one article:tag per tag and an hreflang alternate', () => {
    render(<Page config={full} />);
    expect(meta('property', 'article:tag')).toEqual(['market', 'sectors']);
    const alt = document.head.querySelector('link[rel="alternate"]');
    expect(alt?.getAttribute('hreflang')).toBe('it');
    expect(alt?.getAttribute('href')).toBe('https://example.test/it/products');
  });

  it('writes the canonical link from the url, and none without one', () => {
    const { rerender } = render(<Page config={full} />);
    const canonical = () => Array.from(document.head.querySelectorAll('link[rel="canonical"]')).map((l) => l.getAttribute('href'));
    expect(canonical()).toEqual(['https://example.test/products']);
    rerender(<Page config={{ ...full, url: 'https://example.test/faq' }} />);
    expect(canonical()).toEqual(['https://example.test/faq']);
    rerender(<Page config={{ ...full, url: undefined }} />);
    expect(canonical()).toEqual([]);
  });

  it("points the shell's own canonical link at the page and puts it back on unmount", () => {
    const shell = document.createElement('link');
    shell.setAttribute('rel', 'canonical');
    shell.setAttribute('href', 'https://example.test/');
    document.head.appendChild(shell);
    const { unmount } = render(<Page config={full} />);
    expect(shell.getAttribute('href')).toBe('https://example.test/products');
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    unmount();
    expect(shell.getAttribute('href')).toBe('https://example.test/');
  });

  it('embeds structured data as JSON-LD text, with "<" escaped so it cannot close the script', () => {
    render(<Page config={{ ...full, structuredData: { name: '</script><img src=x onerror=alert(1)>' } }} />);
    const scripts = document.head.querySelectorAll('script[type="application/ld+json"]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0].textContent).not.toContain('<');
    expect(JSON.parse(scripts[0].textContent ?? '')).toEqual({ name: '</script><img src=x onerror=alert(1)>' });
    expect(document.head.querySelector('img')).toBeNull();
  });

  it('leaves out tags whose value is missing', () => {
    render(<Page config={{ title: 'Only a title', description: '' }} />);
    expect(meta('name', 'description')).toEqual([]);
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('restores the previous title and tag values on unmount and removes the tags it created', () => {
    const existing = document.createElement('meta');
    existing.setAttribute('name', 'description');
    existing.setAttribute('content', 'Shell description');
    document.head.appendChild(existing);

    const { unmount } = render(<Page config={full} />);
    expect(meta('name', 'description')).toEqual(['Sectors and products']);
    unmount();

    expect(document.title).toBe('Original title');
    expect(meta('name', 'description')).toEqual(['Shell description']);
    expect(meta('property', 'og:title')).toEqual([]);
    expect(document.head.querySelectorAll('script, link')).toHaveLength(0);
  });

  it('follows a change of config without leaving duplicates', () => {
    const { rerender } = render(<Page config={full} />);
    rerender(<Page config={{ ...full, title: 'Bread | SBC Tycoon' }} />);
    expect(document.title).toBe('Bread | SBC Tycoon');
    expect(meta('property', 'og:title')).toEqual(['Bread | SBC Tycoon']);
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);
  });
});
