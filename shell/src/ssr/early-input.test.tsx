/**
 * Input before hydration: the recorder runs as the page's inline script text (as the render server writes it),
 * the visitor acts on the server's HTML, React hydrates it, and the replay makes every action take effect.
 */
import { act, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { earlyInputScriptHtml, replayEarlyInput, stopEarlyInput } from './early-input';

const OPTIONS = { rootId: 'root', themeStorageKey: 'sbc-theme', themeToggleSelector: '[data-theme-toggle]' };

function Page({ log }: { log: string[] }) {
  const [query, setQuery] = useState('');
  const [range, setRange] = useState('30');
  const [sort, setSort] = useState('name');
  const [starred, setStarred] = useState(false);
  return (
    <main>
      <input aria-label="Search" value={query} onChange={(e) => setQuery(e.target.value)} onFocus={() => log.push('focus')} onKeyDown={(e) => log.push(`key ${e.key}`)} />
      <p data-testid="query">{query}</p>
      <fieldset>
        {['7', '30'].map((days) => (
          <label key={days}>
            <input type="radio" name="range" value={days} checked={range === days} onChange={() => setRange(days)} />
            {days} days
          </label>
        ))}
      </fieldset>
      <p data-testid="range">{range}</p>
      <select aria-label="Sort by" value={sort} onChange={(e) => setSort(e.target.value)}>
        <option value="name">Name</option>
        <option value="price">Price</option>
      </select>
      <p data-testid="sort">{sort}</p>
      <button type="button" onClick={() => setStarred((s) => !s)}>
        {starred ? 'Unwatch' : 'Watch'}
      </button>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          log.push('submit');
        }}
      >
        <button type="submit">Go</button>
      </form>
      <a href="#elsewhere">Materials</a>
      <details>
        <summary>A question</summary>
        An answer
      </details>
      <button type="button" data-theme-toggle="" aria-label="Switch to dark theme">
        theme
      </button>
    </main>
  );
}

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let root: Root | null = null;
const log: string[] = [];

/** The server's HTML with the inline recorder, as a visitor's browser has it before the scripts arrive. */
function serverPage() {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderToString(<Page log={log} />);
  document.body.replaceChildren(container);
  const script = earlyInputScriptHtml(OPTIONS).replace(/^<script>|<\/script>$/g, '');
  // The inline script runs on its own: it must not need anything of this module.
  new Function(script)();
  return container;
}

async function hydrateAndReplay(container: HTMLElement) {
  await act(async () => {
    root = hydrateRoot(container, <Page log={log} />);
  });
  await act(async () => {
    await replayEarlyInput(stopEarlyInput());
  });
}

const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`)!.textContent;
const type = (field: HTMLInputElement, text: string) => {
  for (let i = 1; i <= text.length; i += 1) {
    field.value = text.slice(0, i);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
};

beforeEach(() => {
  log.length = 0;
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  stopEarlyInput();
});

describe('input before hydration takes effect once the page is hydrated', () => {
  it('keeps typed text and makes the app see it, with the focus and the keys', async () => {
    const container = serverPage();
    const field = container.querySelector('input[aria-label="Search"]') as HTMLInputElement;
    field.focus();
    type(field, 'sol');
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 's', bubbles: true }));
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    expect(byTestId('query')).toBe('');
    await hydrateAndReplay(container);
    expect(field.value).toBe('sol');
    expect(byTestId('query')).toBe('sol');
    // The focus (the header search loads its index on focus) and the non-character key reach the app; the typed
    // character is not replayed as a key (it is in the value already).
    expect(log).toEqual(['focus', 'key ArrowDown']);
  });

  it('keeps a chosen radio and a chosen option, and the app takes them', async () => {
    const container = serverPage();
    const seven = container.querySelector('input[value="7"]') as HTMLInputElement;
    seven.click();
    const select = container.querySelector('select') as HTMLSelectElement;
    select.value = 'price';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await hydrateAndReplay(container);
    expect(seven.checked).toBe(true);
    expect(byTestId('range')).toBe('7');
    expect(byTestId('sort')).toBe('price');
  });

  it('replays a button tap, once', async () => {
    const container = serverPage();
    const watch = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Watch')!;
    watch.click();
    await hydrateAndReplay(container);
    expect(watch.textContent).toBe('Unwatch');
  });

  it('holds a submit back (it would reload the page) and submits after hydration', async () => {
    const container = serverPage();
    const form = container.querySelector('form')!;
    const nativeSubmit = jest.fn();
    form.addEventListener('submit', nativeSubmit);
    (form.querySelector('button') as HTMLButtonElement).click();
    expect(nativeSubmit).not.toHaveBeenCalled();
    form.removeEventListener('submit', nativeSubmit);
    await hydrateAndReplay(container);
    expect(log).toEqual(['submit']);
  });

  it('holds back a submit by Enter in a field, and replays it as the Enter key only', async () => {
    const container = serverPage();
    const form = container.querySelector('form')!;
    const field = document.createElement('input');
    form.prepend(field);
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(stopEarlyInput().map((input) => input.kind)).toEqual(['key']);
  });

  it('leaves links and <summary> to the browser and replays nothing for them', async () => {
    const container = serverPage();
    container.querySelector('summary')!.click();
    const link = container.querySelector('a')!;
    const navigation = jest.fn((event: Event) => expect(event.defaultPrevented).toBe(false));
    link.addEventListener('click', navigation);
    link.click();
    expect(navigation).toHaveBeenCalledTimes(1);
    expect(stopEarlyInput()).toEqual([]);
  });

  it('switches the theme at once, before any script, and remembers it', () => {
    const container = serverPage();
    const toggle = container.querySelector('[data-theme-toggle]') as HTMLButtonElement;
    toggle.click();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('sbc-theme')).toBe('dark');
    expect(toggle.getAttribute('aria-label')).toBe('Switch to light theme');
    toggle.click();
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(stopEarlyInput()).toEqual([]);
  });

  it('records nothing outside the page root, and nothing once stopped', () => {
    serverPage();
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.click();
    expect(stopEarlyInput()).toEqual([]);
    (document.querySelector('main button') as HTMLButtonElement).click();
    expect(stopEarlyInput()).toEqual([]);
  });

  it('finds the element at the same place when the page was rendered again', async () => {
    const container = serverPage();
    const watch = () => [...container.querySelectorAll('button')].find((b) => /Watch/.test(b.textContent ?? ''))!;
    watch().click();
    const inputs = stopEarlyInput();
    container.innerHTML = renderToString(<Page log={log} />);
    const again = watch();
    const clicked = jest.fn();
    again.addEventListener('click', clicked);
    // Not hydrated by React here: the replay waits for it, at most 5 s (fake timers stand in for the wait).
    jest.useFakeTimers();
    const replaying = replayEarlyInput(inputs);
    await jest.advanceTimersByTimeAsync(5000);
    jest.useRealTimers();
    expect(await replaying).toBe(1);
    expect(clicked).toHaveBeenCalledTimes(1);
  });
});
