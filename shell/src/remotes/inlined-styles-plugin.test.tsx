import { inlinedStylesPlugin } from './inlined-styles-plugin';

const INLINE = 'https://ps.example/__federation_expose_FaqPage.e.css';

describe("the federation runtime's stylesheet links", () => {
  beforeEach(() => {
    document.head.innerHTML = `<style data-ssr-style data-href="${INLINE}">.faq{}</style>`;
  });

  const createLink = (url: string, rel: string) =>
    (inlinedStylesPlugin().createLink as (args: { url: string; attrs?: Record<string, string> }) => unknown)({ url, attrs: { rel } });

  test('a stylesheet the page has inline is answered with an empty one that needs no download', () => {
    const link = createLink(INLINE, 'stylesheet') as HTMLLinkElement;
    expect(link).toBeInstanceOf(HTMLLinkElement);
    expect(link.getAttribute('href')).toBe('data:text/css,');
    expect(link.rel).toBe('stylesheet');
    expect(link.dataset.inlinedAs).toBe(INLINE);
  });

  test.each([
    ['another stylesheet', 'https://ps.example/__federation_expose_MaterialsPage.f.css', 'stylesheet'],
    ['a preload of the inline one', INLINE, 'preload'],
  ])('%s loads as the runtime would', (_case, url, rel) => {
    expect(createLink(url, rel)).toBeUndefined();
  });
});
