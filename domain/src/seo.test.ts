import { DEFAULT_SEO, productJsonLd, productStructuredData, shareableImageUrl } from './seo';

describe('DEFAULT_SEO (section 9)', () => {
  it('has the default robots, theme colour, card and keywords', () => {
    expect(DEFAULT_SEO).toMatchObject({
      robots: 'index, follow',
      themeColor: '#0b1d3a',
      twitterCard: 'summary_large_image',
      siteName: 'SBC Tycoon',
    });
    const keywords = DEFAULT_SEO.keywords!.join(' ');
    for (const topic of ['tycoon', 'business strategy', 'management game']) expect(keywords).toContain(topic);
  });
});

describe('productStructuredData', () => {
  it.each([
    [{ name: 'Bread' }, { name: 'Bread', description: '', image: '', price: '0', category: 'Game Item', currency: 'USD', availability: 'InStock' }],
    [
      { name: 'Chip', description: 'Fast', image: 'https://i/c.png', price: 12.5, category: 'tech' },
      { name: 'Chip', description: 'Fast', image: 'https://i/c.png', price: '12.5', category: 'tech', currency: 'USD', availability: 'InStock' },
    ],
    [{ name: 'Zero', price: 0, category: '' }, { name: 'Zero', description: '', image: '', price: '0', category: 'Game Item', currency: 'USD', availability: 'InStock' }],
    // The reader's placeholder for a missing category is not a category.
    [{ name: 'Odd', price: null, category: 'uncategorized' }, { name: 'Odd', description: '', image: '', price: '0', category: 'Game Item', currency: 'USD', availability: 'InStock' }],
    [{ name: 'Null', image: null, price: '', category: null }, { name: 'Null', description: '', image: '', price: '0', category: 'Game Item', currency: 'USD', availability: 'InStock' }],
    [{ name: 'Ore', price: '7', category: 'Uncategorized goods' }, { name: 'Ore', description: '', image: '', price: '7', category: 'Uncategorized goods', currency: 'USD', availability: 'InStock' }],
  ])('%p → %p', (product, expected) => {
    expect(productStructuredData(product)).toEqual(expected);
  });

  it('embeds as a schema.org Product with an in-stock USD offer', () => {
    expect(productJsonLd(productStructuredData({ name: 'Chip', price: 3 }))).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Chip',
      description: '',
      image: '',
      category: 'Game Item',
      offers: { '@type': 'Offer', price: '3', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
  });
});

describe('shareableImageUrl', () => {
  it.each([
    ['https://cdn.example/bread.png', 'https://cdn.example/bread.png'],
    ['  http://cdn.example/a.jpg ', 'http://cdn.example/a.jpg'],
    ['HTTPS://CDN.EXAMPLE/B.PNG', 'HTTPS://CDN.EXAMPLE/B.PNG'],
    ['data:image/svg+xml;base64,PHN2Zz4=', undefined],
    ['/images/bread.png', undefined],
    ['javascript:alert(1)', undefined],
    ['https://cdn.example/a b.png', undefined],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('%p → %p', (url, expected) => {
    expect(shareableImageUrl(url)).toBe(expected);
  });
});
