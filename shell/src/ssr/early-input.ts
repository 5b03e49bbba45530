/**
 * No tap is lost on a server-rendered page. The page paints from its HTML long before React has hydrated it (on a
 * phone, the scripts still download); until then a button's click handler does not exist yet. So the render
 * server puts `captureEarlyInput` in the page's <head> as an inline script (earlyInputScript): from the first
 * paint it records what the visitor does inside #root, and the shell replays it once hydrated
 * (`replayEarlyInput`, called by ./hydrate.tsx) — the technique of Angular's event replay (JSAction). What the
 * browser already does by itself is left to it and not replayed:
 *
 * | input before hydration                         | at once (browser, no script)      | after hydration (replay)            |
 * |------------------------------------------------|-----------------------------------|-------------------------------------|
 * | a link (`<a href>`)                            | navigates to the server-rendered page | —                               |
 * | a `<summary>` (FAQ question, ledger row)       | opens or closes it                | — (the open state stays in the DOM) |
 * | the theme toggle                               | switches and remembers the theme  | — (the toggle reads it on mount)    |
 * | text typed in a field                          | shows in the field                | the field's value, as an input event |
 * | a checkbox, radio (chart range) or select      | shows the choice                  | the choice, as React's change event |
 * | a button or any other click (sort, star, CSV)  | nothing                           | the click                           |
 * | Enter, Esc, arrows, shortcuts (`/`, Ctrl+K)    | nothing                           | the key                             |
 * | focus                                          | focuses the field                 | the focus event (search loads then) |
 * | submitting a form                              | prevented (it would reload)       | the submit                          |
 *
 * The capture function runs as inline script text (its source is written into the HTML), so it must not use any
 * name from outside its own body: everything it needs comes in `options`. The render server's build minifies this
 * module (shell/webpack.server.js `inlinedInPages`): the script is about 2.7 KB in a page instead of 7.2 KB.
 */

export interface EarlyInputOptions {
  /** The root the page was rendered into; input outside it is not the app's. */
  rootId: string;
  /** localStorage key of the visitor's theme (shared/src/ui/theme.ts THEME_STORAGE_KEY). */
  themeStorageKey: string;
  /** What marks the header's theme toggle button. */
  themeToggleSelector: string;
}

/** One recorded input, in the order it happened. */
export type EarlyInput =
  | { kind: 'click'; target: Element; path: string }
  | { kind: 'value'; target: Element; path: string; value: string }
  | { kind: 'checked'; target: Element; path: string; checked: boolean }
  | { kind: 'key'; target: Element; path: string; init: KeyboardEventInit }
  | { kind: 'focus'; target: Element; path: string }
  | { kind: 'submit'; target: Element; path: string };

export interface EarlyInputRecorder {
  queue: EarlyInput[];
  /** Stops recording and returns what was recorded (the listeners are removed). */
  stop(): EarlyInput[];
}

/** Where the recorder lives on `window` between the inline script and the shell's bundle. */
export const EARLY_INPUT_GLOBAL = '__sbcEarlyInput';

/**
 * Installs the recorder (the inline script calls it at once, in <head>). Listeners are on `window` in the capture
 * phase, so they run before anything else; while recording, a recorded event is stopped there, so React (whose
 * listeners exist from the moment hydration starts) cannot handle it a second time before its replay.
 */
export function captureEarlyInput(win: Window, options: EarlyInputOptions): void {
  const doc = win.document;
  const queue: EarlyInput[] = [];
  const textTypes = /^(text|search|email|url|tel|password|number)$/;

  const pathOf = (element: Element): string => {
    const parts: string[] = [];
    for (let node: Element | null = element; node && node.id !== options.rootId; node = node.parentElement) {
      // An id React generated (useId: «r1») needs escaping in a selector; those are located by position instead.
      if (/^[A-Za-z][\w-]*$/.test(node.id)) {
        parts.unshift(`#${node.id}`);
        break;
      }
      const parent: Element | null = node.parentElement;
      const index = parent ? Array.prototype.indexOf.call(parent.children, node) + 1 : 1;
      parts.unshift(`${node.tagName.toLowerCase()}:nth-child(${index})`);
    }
    return parts[0]?.startsWith('#') ? parts.join(' > ') : `#${options.rootId} > ${parts.join(' > ')}`;
  };
  const inRoot = (target: EventTarget | null): target is Element => {
    const root = doc.getElementById(options.rootId);
    return target instanceof Element && root !== null && root.contains(target);
  };
  // A key pressed with nothing focused goes to <body>: the site's shortcuts (`/`, Ctrl+K) listen for it there.
  const forKeys = (target: EventTarget | null): target is Element => target === doc.body || inRoot(target);
  const isTextField = (element: Element): boolean =>
    element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && textTypes.test(element.type)) || (element as HTMLElement).isContentEditable;
  const isCheckable = (element: Element): element is HTMLInputElement =>
    element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio');

  const switchTheme = (toggle: Element) => {
    const html = doc.documentElement;
    const shown = html.dataset.theme ?? (win.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
    const next = shown === 'dark' ? 'light' : 'dark';
    html.dataset.theme = next;
    try {
      win.localStorage.setItem(options.themeStorageKey, next);
    } catch {
      // storage blocked: the theme still applies to this page
    }
    const after = next === 'dark' ? 'light' : 'dark';
    toggle.setAttribute('aria-label', after === 'dark' ? 'Switch to dark theme' : 'Switch to light theme');
    toggle.setAttribute('title', after === 'dark' ? 'Dark theme' : 'Light theme');
  };

  const onClick = (event: MouseEvent) => {
    const target = event.target;
    if (!inRoot(target)) return;
    const toggle = target.closest(options.themeToggleSelector);
    if (toggle) {
      event.stopPropagation();
      switchTheme(toggle);
      return;
    }
    // The browser does these by itself, before and after hydration alike.
    if (target.closest('a[href], summary')) return;
    const label = target.closest('label');
    const control = label?.control ?? (isCheckable(target) || target instanceof HTMLSelectElement || isTextField(target) ? target : null);
    if (control) {
      // A label or a field: the browser toggles or focuses it; its change is recorded by onChange / onFocus.
      event.stopPropagation();
      return;
    }
    event.stopPropagation();
    const button = target.closest('button');
    // A submit button would submit natively (and reload the page): prevented, its click replayed instead.
    if (button && button.type === 'submit') event.preventDefault();
    const clicked: Element = button ?? target;
    queue.push({ kind: 'click', target: clicked, path: pathOf(clicked) });
  };

  const onChange = (event: Event) => {
    const target = event.target;
    if (!inRoot(target)) return;
    event.stopPropagation();
    const last = queue[queue.length - 1];
    if (isCheckable(target)) {
      // 'input' and 'change' both fire for one choice.
      if (last?.kind === 'checked' && last.target === target) last.checked = target.checked;
      else queue.push({ kind: 'checked', target, path: pathOf(target), checked: target.checked });
      return;
    }
    if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)) return;
    // Typing is one change: only the field's latest value matters.
    if (last?.kind === 'value' && last.target === target) last.value = target.value;
    else queue.push({ kind: 'value', target, path: pathOf(target), value: target.value });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target;
    if (!forKeys(target)) return;
    event.stopPropagation();
    const printable = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
    // A character typed into a field is already in its value; Tab moves focus by itself.
    if ((printable && isTextField(target)) || event.key === 'Tab') return;
    const { key, code, ctrlKey, metaKey, shiftKey, altKey } = event;
    queue.push({ kind: 'key', target, path: pathOf(target), init: { key, code, ctrlKey, metaKey, shiftKey, altKey } });
  };

  const onFocus = (event: FocusEvent) => {
    const target = event.target;
    if (!inRoot(target)) return;
    event.stopPropagation();
    queue.push({ kind: 'focus', target, path: pathOf(target) });
  };

  const onSubmit = (event: SubmitEvent) => {
    const target = event.target;
    if (!inRoot(target)) return;
    event.stopPropagation();
    event.preventDefault();
    const last = queue[queue.length - 1];
    // Enter in a field submits its form natively; the Enter key is replayed already, and it submits the form.
    if (last?.kind === 'key' && last.init.key === 'Enter' && target.contains(last.target)) return;
    queue.push({ kind: 'submit', target, path: pathOf(target) });
  };

  const listeners: Array<[string, EventListener]> = [
    ['click', onClick as EventListener],
    ['input', onChange],
    ['change', onChange],
    ['keydown', onKeyDown as EventListener],
    ['focusin', onFocus as EventListener],
    ['submit', onSubmit as EventListener],
  ];
  for (const [type, listener] of listeners) win.addEventListener(type, listener, true);

  const recorder: EarlyInputRecorder = {
    queue,
    stop() {
      for (const [type, listener] of listeners) win.removeEventListener(type, listener, true);
      return queue.splice(0);
    },
  };
  // The literal name, not EARLY_INPUT_GLOBAL: this function's source runs on its own in the page.
  (win as unknown as { __sbcEarlyInput: EarlyInputRecorder }).__sbcEarlyInput = recorder;
}

/** The inline script element for the page's <head>. */
export function earlyInputScriptHtml(options: EarlyInputOptions): string {
  const source = `(${captureEarlyInput.toString()})(window,${JSON.stringify(options)})`;
  return `<script>${source.replace(/<\/script/gi, '<\\/script')}</script>`;
}

/** Stops recording (if the inline script ran) and returns what was recorded, oldest first. */
export function stopEarlyInput(win: Window = window): EarlyInput[] {
  const recorder = (win as unknown as Record<string, EarlyInputRecorder | undefined>)[EARLY_INPUT_GLOBAL];
  if (!recorder) return [];
  delete (win as unknown as Record<string, unknown>)[EARLY_INPUT_GLOBAL];
  return recorder.stop();
}

/**
 * Sets a field's value so that React sees a change: React remembers the value it last saw through the element's
 * own `value` property, so the value goes first there as something else, then through the prototype's setter
 * (which React does not watch) as the visitor's value, and the event makes React read it.
 */
function setFieldValue(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string, eventType: 'input' | 'change'): void {
  const proto = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  field.value = value === '' ? ' ' : '';
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event(eventType, { bubbles: true }));
  if (eventType === 'input') field.dispatchEvent(new Event('change', { bubbles: true }));
}

function setChecked(field: HTMLInputElement, checked: boolean): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')?.set;
  field.checked = !checked;
  if (setter) setter.call(field, checked);
  else field.checked = checked;
  // A plain Event, not a MouseEvent: React reads a checkable field's change from 'click', and a plain event does
  // not make the browser toggle the box a second time.
  field.dispatchEvent(new Event('click', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/** React has hydrated this element (it keeps its fiber on the element under a `__reactFiber$…` key). */
const hydratedByReact = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
/** How long an input waits for its element's part of the page to hydrate (a Suspense boundary hydrates later). */
const HYDRATION_WAIT_MS = 5000;

/**
 * Replays what the visitor did before the page was hydrated, in order, on the same elements (hydration keeps the
 * server's DOM) or, if the page was rendered again in the browser, on the element at the same place. An element
 * inside a part of the page React hydrates later (a Suspense boundary) is waited for, at most HYDRATION_WAIT_MS,
 * because React starts watching a field's value only when it hydrates it. Resolves with how many inputs were replayed.
 */
export async function replayEarlyInput(inputs: readonly EarlyInput[], doc: Document = document): Promise<number> {
  let replayed = 0;
  for (const input of inputs) {
    const element = input.target.isConnected ? input.target : doc.querySelector(input.path);
    if (!element) continue;
    for (let waited = 0; !hydratedByReact(element) && waited < HYDRATION_WAIT_MS; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    replayed += 1;
    switch (input.kind) {
      case 'click':
        (element as HTMLElement).click();
        break;
      case 'value':
        if (element instanceof HTMLSelectElement) setFieldValue(element, input.value, 'change');
        else if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) setFieldValue(element, input.value, 'input');
        break;
      case 'checked':
        if (element instanceof HTMLInputElement) setChecked(element, input.checked);
        break;
      case 'key':
        element.dispatchEvent(new KeyboardEvent('keydown', { ...input.init, bubbles: true, cancelable: true }));
        break;
      case 'focus':
        // Only the field that still has focus: a focus the visitor has since left is over.
        if (doc.activeElement === element) {
          element.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
          element.dispatchEvent(new FocusEvent('focus'));
        } else replayed -= 1;
        break;
      case 'submit':
        if (element instanceof HTMLFormElement) element.requestSubmit();
        break;
    }
  }
  return replayed;
}
