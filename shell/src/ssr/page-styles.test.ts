import { createStylesheetReader, pageStylesHtml } from './page-styles';

describe('pageStylesHtml', () => {
  test.each([
    ['each sheet with its URL', [{ href: 'https://ps.example/a.css', css: '.a{}' }], '', '<style data-ssr-style data-href="https://ps.example/a.css">.a{}</style>'],
    [
      'a URL and a "</style" that cannot break out',
      [{ href: 'https://ps.example/a.css?x=1&y="2"', css: '.a{}</STYLE><script>' }],
      '',
      '<style data-ssr-style data-href="https://ps.example/a.css?x=1&amp;y=&quot;2&quot;">.a{}<\\/STYLE><script></style>',
    ],
    ['no sheet named: the remote\'s whole CSS', [], '.all{}', '<style data-ssr-style>.all{}</style>'],
    ['nothing at all', [], '', ''],
  ])('%s', (_case, sheets, whole, html) => {
    expect(pageStylesHtml(sheets, () => whole)).toBe(html);
  });
});

describe('createStylesheetReader', () => {
  const served = (failures: number) => {
    let left = failures;
    return jest.fn(async (url: string) => {
      if (left-- > 0) return new Response('busy', { status: 503 });
      return new Response(`/* ${url} */`, { status: 200 });
    }) as jest.Mock & typeof fetch;
  };

  test('reads each sheet once, in the order asked', async () => {
    const fetchImpl = served(0);
    const read = createStylesheetReader(fetchImpl);
    const first = await read(['https://ps.example/a.css', 'https://ps.example/b.css']);
    expect(first.map((sheet) => sheet.css)).toEqual(['/* https://ps.example/a.css */', '/* https://ps.example/b.css */']);
    await read(['https://ps.example/b.css']);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  test('a sheet that answers an error rejects, and is read again next time', async () => {
    const fetchImpl = served(1);
    const read = createStylesheetReader(fetchImpl);
    await expect(read(['https://ps.example/a.css'])).rejects.toThrow('https://ps.example/a.css answered HTTP 503');
    await expect(read(['https://ps.example/a.css'])).resolves.toEqual([{ href: 'https://ps.example/a.css', css: '/* https://ps.example/a.css */' }]);
  });
});
