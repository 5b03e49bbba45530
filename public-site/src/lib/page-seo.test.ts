import { DEFAULT_SEO } from '@sbc/domain';
import { pageSeo } from './page-seo';

const at = (pathname: string) => ({ origin: 'https://sbc.example', pathname });
// jest maps image imports to this stub name; in the build it is the hashed asset URL.
const CARD = 'https://sbc.example/test-file-stub';

describe('pageSeo', () => {
  it.each([
    ['home', at('/'), {}, { url: 'https://sbc.example/', image: CARD }],
    ['a material (encoded path kept)', at('/materials/Copper%20Wire'), {}, { url: 'https://sbc.example/materials/Copper%20Wire', image: CARD }],
    ['a product with its own image', at('/products/bread'), { image: 'https://cdn.example/bread.png' }, { url: 'https://sbc.example/products/bread', image: 'https://cdn.example/bread.png' }],
    ['an explicit url wins', at('/products'), { url: 'https://sbc.example/market' }, { url: 'https://sbc.example/market', image: CARD }],
    ['undefined fields keep the defaults', at('/x'), { image: undefined, robots: undefined }, { url: 'https://sbc.example/x', image: CARD, robots: 'index, follow' }],
    ['a page may override robots', at('/x'), { robots: 'noindex, follow' }, { robots: 'noindex, follow' }],
  ])('%s', (_name, location, own, expected) => {
    const seo = pageSeo({ title: 'Page', description: 'About the page', ...own }, location);
    expect(seo).toMatchObject(expected);
  });

  it("titles the page 'Page | SBC Tycoon' and keeps the other site defaults", () => {
    const seo = pageSeo({ title: 'Market Monitor', description: 'Sectors' }, at('/products'));
    expect(seo).toMatchObject({ ...DEFAULT_SEO, title: 'Market Monitor | SBC Tycoon', description: 'Sectors' });
  });

  it('leaves og:url out and the image relative when there is no location', () => {
    const seo = pageSeo({ title: 'Page', description: 'd' }, undefined);
    expect(seo.url).toBeUndefined();
    expect(seo.image).toBe('test-file-stub');
  });
});
