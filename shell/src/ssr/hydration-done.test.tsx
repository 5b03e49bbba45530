/**
 * "Hydrated" means the page can answer: React hydrates the remote page's Suspense boundary in a pass of its own,
 * after the root has committed, so HydrationDone waits for the page (PageCommitted) before it marks the page
 * hydrated, closes the replay and replays what the visitor did. Here the page's module arrives after the root has
 * hydrated, as on a slow phone, and a chart range chosen before hydration must take effect.
 */
import { act, lazy, Suspense, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { PageCommitted } from '../remotes/page-committed';
import { earlyInputScriptHtml, stopEarlyInput } from './early-input';
import { HydrationDone } from './hydrate';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function ChartRange() {
  const [range, setRange] = useState('30');
  return (
    <main>
      {['7', '30'].map((days) => (
        <label key={days}>
          <input type="radio" name="range" value={days} checked={range === days} onChange={() => setRange(days)} />
          {days} days
        </label>
      ))}
      <p data-testid="range">{range}</p>
    </main>
  );
}

const tree = (Page: typeof ChartRange, onDone: () => void) => (
  <HydrationDone onDone={onDone}>
    <Suspense fallback={<p>Loading</p>}>
      <PageCommitted>
        <Page />
      </PageCommitted>
    </Suspense>
  </HydrationDone>
);

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  stopEarlyInput();
  delete document.documentElement.dataset.hydrated;
});

it('marks the page hydrated and replays a chosen range only once the page inside its boundary has hydrated', async () => {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderToString(tree(ChartRange, () => {}));
  document.body.replaceChildren(container);
  new Function(earlyInputScriptHtml({ rootId: 'root', themeStorageKey: 'sbc-theme', themeToggleSelector: '[data-theme-toggle]' }).replace(/^<script>|<\/script>$/g, ''))();

  // The visitor picks "7 days" on the server's HTML.
  const week = container.querySelector<HTMLInputElement>('input[value="7"]')!;
  week.checked = true;
  week.dispatchEvent(new Event('change', { bubbles: true }));

  // The page's module is still on its way when the root hydrates.
  let arrive = () => {};
  const arrived = new Promise<{ default: typeof ChartRange }>((resolve) => {
    arrive = () => resolve({ default: ChartRange });
  });
  const LatePage = lazy(() => arrived);
  const onDone = jest.fn();
  await act(async () => {
    root = hydrateRoot(container, tree(LatePage as unknown as typeof ChartRange, onDone));
  });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  expect(document.documentElement.dataset.hydrated).toBeUndefined();
  expect(onDone).not.toHaveBeenCalled();

  await act(async () => {
    arrive();
    await arrived;
  });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  expect(document.documentElement.dataset.hydrated).toBe('true');
  expect(onDone).toHaveBeenCalledTimes(1);
  expect(container.querySelector('[data-testid="range"]')?.textContent).toBe('7');
  expect(container.querySelector<HTMLInputElement>('input[value="7"]')?.checked).toBe(true);
});
