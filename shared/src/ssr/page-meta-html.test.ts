import { pageMetaHtml } from './page-meta-html';

const location = { origin: 'https://sbc.example', pathname: '/products/solar-panel' };

describe('pageMetaHtml: the head a crawler sees', () => {
  it('writes title, description, canonical, Open Graph, Twitter and JSON-LD, with absolute URLs', () => {
    const { title, head } = pageMetaHtml(
      {
        title: 'Solar Panel | SBC Tycoon',
        description: 'Prices & demand',
        image: '/assets/share-card.0123456789.png',
        twitterCard: 'summary_large_image',
        structuredData: { '@type': 'Product', name: 'Solar </script> Panel' },
      },
      location,
    );
    expect(title).toBe('Solar Panel | SBC Tycoon');
    expect(head).toContain('<meta property="og:title" content="Solar Panel | SBC Tycoon" data-ssr-head>');
    expect(head).toContain('<meta name="description" content="Prices &amp; demand" data-ssr-head>');
    expect(head).toContain('<meta property="og:image" content="https://sbc.example/assets/share-card.0123456789.png" data-ssr-head>');
    expect(head).toContain('<meta property="og:url" content="https://sbc.example/products/solar-panel" data-ssr-head>');
    expect(head).toContain('<link rel="canonical" href="https://sbc.example/products/solar-panel" data-ssr-head>');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" data-ssr-head>');
    expect(head).toContain('<script type="application/ld+json" data-ssr-head>{"@type":"Product","name":"Solar \\u003c/script> Panel"}</script>');
  });

  it('keeps a URL the page set itself and escapes attribute values', () => {
    const { head } = pageMetaHtml({ title: 'A "quoted" <title>', description: 'd', url: 'https://other.example/x' }, location);
    expect(head).toContain('content="A &quot;quoted&quot; &lt;title&gt;"');
    expect(head).toContain('<link rel="canonical" href="https://other.example/x" data-ssr-head>');
  });
});
