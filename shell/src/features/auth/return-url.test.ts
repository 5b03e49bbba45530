import { safeReturnUrl } from './return-url';

describe('safeReturnUrl', () => {
  it.each([
    ['/admin/json-editor', '/admin/json-editor'],
    ['/admin?x=1#y', '/admin?x=1#y'],
    ['/admin/json-editor?slug=steel#top', '/admin/json-editor?slug=steel#top'],
    ['/materials/Iron%20ore', '/materials/Iron%20ore'],
    ['/products?sector=energy%20%26%20power', '/products?sector=energy%20%26%20power'],
    // A literal % in a slug (sent as %25) is not a hostile encoding.
    ['/admin/json-editor?slug=50%25', '/admin/json-editor?slug=50%25'],
    ['/products/caf%C3%A9', '/products/caf%C3%A9'],
    // Dot segments are resolved the way the browser would, and the resolved path is what is returned.
    ['/products/../faq', '/faq'],
    ['/', '/'],
  ])('accepts the same-site path %p as %p', (input, expected) => {
    expect(safeReturnUrl(input)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['admin'],
    ['./admin'],
    [' /admin'],
    // protocol-relative and absolute URLs
    ['//evil.example/admin'],
    ['///evil.example'],
    ['https://evil.example'],
    ['http:/evil.example'],
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['/\\evil.example'],
    ['\\/evil.example'],
    ['\\\\evil.example'],
    ['/admin\\..\\..\\evil'],
    // the browser drops tabs and newlines, so these are //evil.example to history.replaceState
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/\r\n/evil.example'],
    ['\t//evil.example'],
    ['/admin\u0000'],
    ['/admin\u007f'],
    ['/admin\u0085'],
    // %-encoded variants, once and twice
    ['/%2Fevil.example'],
    ['/%2fevil.example'],
    ['/%252Fevil.example'],
    ['/%25252F%25252Fevil.example'],
    ['/%5Cevil.example'],
    ['/%255cevil.example'],
    ['/%09/evil.example'],
    ['/%2509/evil.example'],
    ['/%0a/evil.example'],
    ['/%00'],
    ['%2F%2Fevil.example'],
    ['%2Fadmin'],
    // dot segments that resolve to a protocol-relative path
    ['/..//evil.example'],
    ['/.//evil.example'],
    ['/%2e%2e//evil.example'],
    ['/products/..%2F%2Fevil.example'],
    // more nested encodings than any real link
    ['/a%2525252525252541'],
  ])('refuses %p', (input) => {
    expect(safeReturnUrl(input)).toBeNull();
  });
});
