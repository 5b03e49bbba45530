import { safeReturnUrl } from './return-url';

describe('safeReturnUrl', () => {
  it.each([
    ['/admin/json-editor', '/admin/json-editor'],
    ['/admin?x=1#y', '/admin?x=1#y'],
    [null, null],
    ['', null],
    ['admin', null],
    ['//evil.example/admin', null],
    ['/\\evil.example', null],
    ['https://evil.example', null],
  ])('%p → %p', (input, expected) => {
    expect(safeReturnUrl(input)).toBe(expected);
  });
});
