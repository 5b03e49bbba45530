import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { KEEP_AFTER_MS, PageKeeper } from './PageKeeper';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const postMessage = jest.fn();
let navigate: (to: string) => void = () => {};
function Navigator() {
  navigate = useNavigate();
  return null;
}

let root: Root;
beforeEach(() => {
  jest.useFakeTimers();
  postMessage.mockClear();
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: { postMessage } } });
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root.render(
      <MemoryRouter initialEntries={['/products?sector=energy']}>
        <PageKeeper />
        <Navigator />
      </MemoryRouter>,
    ),
  );
});
afterEach(() => {
  act(() => root.unmount());
  jest.useRealTimers();
  delete (navigator as { connection?: unknown }).connection;
});

const keptUrls = () => postMessage.mock.calls.map(([message]) => (message as { url: string }).url);

it('keeps the page the visitor settles on, not every URL a typed filter passes through', () => {
  act(() => jest.advanceTimersByTime(KEEP_AFTER_MS));
  expect(keptUrls()).toEqual(['/products?sector=energy']);
  for (const query of ['s', 'so', 'sol']) {
    act(() => navigate(`/products?sector=energy&q=${query}`));
    act(() => jest.advanceTimersByTime(300));
  }
  act(() => jest.advanceTimersByTime(KEEP_AFTER_MS));
  expect(keptUrls()).toEqual(['/products?sector=energy', '/products?sector=energy&q=sol']);
});

it('downloads nothing extra for a visitor whose browser asks to save data', () => {
  Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true } });
  act(() => navigate('/materials'));
  act(() => jest.advanceTimersByTime(KEEP_AFTER_MS * 2));
  expect(keptUrls()).toEqual([]);
});
