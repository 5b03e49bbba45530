import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { ThemeToggle } from './ThemeToggle';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let root: Root | null = null;
const toggle = () => document.querySelector('button')!;

beforeEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
  document.body.innerHTML = '<div id="root"></div>';
});
afterEach(() => act(() => root?.unmount()));

describe('the theme toggle', () => {
  it('hydrates the server markup without a mismatch, then shows the theme the visitor chose', async () => {
    const container = document.getElementById('root')!;
    container.innerHTML = renderToString(<ThemeToggle />);
    expect(toggle().getAttribute('aria-label')).toBe('Switch to dark theme');
    localStorage.setItem('sbc-theme', 'dark');
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      root = hydrateRoot(container, <ThemeToggle />, { onRecoverableError: (error) => console.error(error) });
    });
    expect(errors).not.toHaveBeenCalled();
    expect(toggle().getAttribute('aria-label')).toBe('Switch to light theme');
  });

  it('switches, remembers and relabels itself', async () => {
    await act(async () => {
      root = createRoot(document.getElementById('root')!);
      root.render(<ThemeToggle />);
    });
    expect(toggle().getAttribute('aria-label')).toBe('Switch to dark theme');
    await act(async () => toggle().click());
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('sbc-theme')).toBe('dark');
    expect(toggle().getAttribute('aria-label')).toBe('Switch to light theme');
  });
});
