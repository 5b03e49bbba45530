/**
 * A small stand-in for the part of @testing-library/react these tests use.
 *
 * Why: @testing-library/react 16 needs its peer @testing-library/dom, which is not installed (the root
 * .npmrc has legacy-peer-deps=true, so peers are not pulled in) and this team may not add dependencies.
 * The queries keep testing-library's semantics — by role and accessible name (via dom-accessibility-api,
 * which jest-dom already brings), by text, by label — so once @testing-library/dom is installed the tests
 * can switch by changing their import to '@testing-library/react'.
 */
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { computeAccessibleName, getRole } from 'dom-accessibility-api';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Matcher = string | RegExp;

const mounted = new Set<{ root: Root; container: HTMLElement }>();

afterEach(() => {
  for (const entry of mounted) {
    act(() => entry.root.unmount());
    entry.container.remove();
  }
  mounted.clear();
});

const normalize = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

function matches(text: string, matcher: Matcher): boolean {
  return typeof matcher === 'string' ? text === matcher : matcher.test(text);
}

function describeMatcher(matcher: Matcher): string {
  return typeof matcher === 'string' ? `"${matcher}"` : String(matcher);
}

/** Elements hidden from assistive technology are not found by role, like testing-library's default. */
function isHidden(el: Element): boolean {
  for (let node: Element | null = el; node; node = node.parentElement) {
    if (node.getAttribute('aria-hidden') === 'true' || node.hasAttribute('hidden')) return true;
  }
  return false;
}

export interface RoleOptions {
  name?: Matcher;
  level?: number;
  pressed?: boolean;
  expanded?: boolean;
}

/** Candidate elements per role, so a 500-row table is not scanned element by element for every query. */
const ROLE_SELECTORS: Record<string, string> = {
  row: 'tr, [role="row"]',
  listitem: 'li, [role="listitem"]',
  link: 'a[href], [role="link"]',
  button: 'button, summary, input[type="button"], [role="button"]',
  heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
  img: 'img, svg, [role="img"]',
  table: 'table, [role="table"]',
  columnheader: 'th, [role="columnheader"]',
  list: 'ul, ol, [role="list"]',
  group: 'details, fieldset, [role="group"]',
};

function byRole(scope: ParentNode, role: string, options: RoleOptions = {}): HTMLElement[] {
  return Array.from(scope.querySelectorAll<HTMLElement>(ROLE_SELECTORS[role] ?? '*')).filter((el) => {
    const explicit = el.getAttribute('role');
    const actual = explicit ?? getRole(el) ?? (el.tagName === 'SUMMARY' ? 'button' : null);
    if (actual !== role || isHidden(el)) return false;
    if (options.name !== undefined && !matches(normalize(computeAccessibleName(el)), options.name)) return false;
    if (options.level !== undefined && Number(el.tagName.slice(1)) !== options.level) return false;
    if (options.pressed !== undefined && el.getAttribute('aria-pressed') !== String(options.pressed)) return false;
    if (options.expanded !== undefined && el.getAttribute('aria-expanded') !== String(options.expanded)) return false;
    return true;
  });
}

/** The deepest elements whose whole text matches (so a wrapper does not also count). */
function byText(scope: ParentNode, matcher: Matcher): HTMLElement[] {
  const candidates = Array.from(scope.querySelectorAll<HTMLElement>('*')).filter(
    (el) => el.tagName !== 'SCRIPT' && el.tagName !== 'STYLE' && matches(normalize(el.textContent), matcher),
  );
  return candidates.filter((el) => !candidates.some((other) => other !== el && el.contains(other)));
}

function byLabel(scope: ParentNode, matcher: Matcher): HTMLElement[] {
  return Array.from(scope.querySelectorAll<HTMLElement>('[aria-label], [aria-labelledby], input, select, textarea')).filter(
    (el) => matches(normalize(computeAccessibleName(el)), matcher),
  );
}

function one(found: HTMLElement[], what: string): HTMLElement {
  if (found.length === 1) return found[0];
  throw new Error(`Expected one element ${what}, found ${found.length}.\n${document.body.innerHTML.slice(0, 4000)}`);
}

function maybeOne(found: HTMLElement[], what: string): HTMLElement | null {
  if (found.length > 1) throw new Error(`Expected at most one element ${what}, found ${found.length}`);
  return found[0] ?? null;
}

export function within(scope: ParentNode) {
  const roleWhat = (role: string, o?: RoleOptions) => `with role ${role}${o?.name ? ` named ${describeMatcher(o.name)}` : ''}`;
  return {
    getByRole: (role: string, o?: RoleOptions) => one(byRole(scope, role, o), roleWhat(role, o)),
    queryByRole: (role: string, o?: RoleOptions) => maybeOne(byRole(scope, role, o), roleWhat(role, o)),
    getAllByRole: (role: string, o?: RoleOptions) => {
      const found = byRole(scope, role, o);
      if (found.length === 0) throw new Error(`No element ${roleWhat(role, o)}`);
      return found;
    },
    queryAllByRole: (role: string, o?: RoleOptions) => byRole(scope, role, o),
    findByRole: (role: string, o?: RoleOptions) => waitFor(() => one(byRole(scope, role, o), roleWhat(role, o))),
    getByText: (m: Matcher) => one(byText(scope, m), `with text ${describeMatcher(m)}`),
    queryByText: (m: Matcher) => maybeOne(byText(scope, m), `with text ${describeMatcher(m)}`),
    getAllByText: (m: Matcher) => {
      const found = byText(scope, m);
      if (found.length === 0) throw new Error(`No element with text ${describeMatcher(m)}`);
      return found;
    },
    queryAllByText: (m: Matcher) => byText(scope, m),
    findByText: (m: Matcher) => waitFor(() => one(byText(scope, m), `with text ${describeMatcher(m)}`)),
    getByLabelText: (m: Matcher) => one(byLabel(scope, m), `labelled ${describeMatcher(m)}`),
  };
}

export const screen = within(document.body);

export function render(ui: ReactElement) {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  const entry = { root, container };
  mounted.add(entry);
  act(() => root.render(ui));
  return {
    container,
    rerender: (next: ReactElement) => act(() => root.render(next)),
    unmount: () => {
      act(() => root.unmount());
      container.remove();
      mounted.delete(entry);
    },
  };
}

/** Retries `check` (flushing React work between tries) until it stops throwing, like testing-library's waitFor. */
export async function waitFor<T>(check: () => T, timeoutMs = 2000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      return check();
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw lastError;
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}

/** Lets pending promises (store loads on the fake gateway) settle inside act. */
export async function flush(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

export const user = {
  click: async (el: Element) => {
    await act(async () => {
      el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    });
  },
};
