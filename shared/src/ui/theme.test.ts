/**
 * @jest-environment jsdom
 */
import { applyStoredTheme, chooseTheme, effectiveTheme, nextTheme, parseStoredTheme, THEME_STORAGE_KEY } from './theme';

describe('theme rules', () => {
  test.each([
    ['light', 'light'],
    ['dark', 'dark'],
    ['Dark', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('stored %p reads as %p', (value, expected) => {
    expect(parseStoredTheme(value as string | null | undefined)).toBe(expected);
  });

  test.each([
    [null, false, 'light'],
    [null, true, 'dark'],
    ['light', true, 'light'],
    ['dark', false, 'dark'],
  ] as const)('stored %p with system dark %p shows %p', (stored, systemDark, shown) => {
    expect(effectiveTheme(stored, systemDark)).toBe(shown);
  });

  test.each([
    ['light', 'dark'],
    ['dark', 'light'],
  ] as const)('the toggle turns %p into %p', (shown, next) => {
    expect(nextTheme(shown)).toBe(next);
  });
});

describe('theme on the page', () => {
  afterEach(() => {
    localStorage.clear();
    delete document.documentElement.dataset.theme;
  });

  test('a chosen theme is set on <html> and remembered for the next visit', () => {
    chooseTheme('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    delete document.documentElement.dataset.theme;
    applyStoredTheme();
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  test('without a choice the page follows the system (no data-theme)', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    applyStoredTheme();
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });
});

describe('the page template applies the stored theme before the first paint', () => {
  it('reads the same storage key and the same two themes as theme.ts', () => {
    const template = require('node:fs').readFileSync(require('node:path').join(__dirname, '../../index.html'), 'utf8') as string;
    expect(template).toContain(`localStorage.getItem('${THEME_STORAGE_KEY}')`);
    expect(template).toContain("t==='light'||t==='dark'");
  });
});
