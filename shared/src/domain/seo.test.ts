import { DEFAULT_SEO, productJsonLd, productStructuredData } from './seo';

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
