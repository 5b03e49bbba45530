/**
 * The page's side of telemetry (issue 35, docs/telemetry.md) that must be there from the start, small because every
 * visitor downloads it: errors noted from the first moment (uncaught errors, unhandled rejections, what a remote's
 * boundary caught, chunks that did not load, failed data calls), kept until the reporter (./reporter.ts, a lazy chunk
 * with web-vitals) is loaded once the page is hydrated and idle; then they go straight to it.
 */
import type { DataGateway } from '@sbc/shared';
import type { ErrorKind, TelemetryApp } from '@sbc/domain';
import { afterPageIsIdle } from '../../lib/after-page-is-idle';
import { currentPage, type NotedError } from './page-route';

/** Errors noted before the reporter runs; a page that fails in a loop keeps only the first ones. */
const MAX_EARLY_ERRORS = 50;
const early: NotedError[] = [];
let sink: ((error: NotedError) => void) | null = null;
let started = false;
/** The remotes' origins, to tell whose script threw (none known before the runtime config is read). */
const remoteOrigins: Partial<Record<string, TelemetryApp>> = {};

function messageOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return typeof error === 'string' ? error : 'Non-error value thrown';
}

/** A failed dynamic import or Module Federation load says so in its name or message. */
function kindOf(error: unknown, otherwise: ErrorKind): ErrorKind {
  const text = messageOf(error);
  return /ChunkLoadError|Loading (CSS )?chunk|dynamically imported module|RUNTIME-00[38]|remoteEntry/i.test(text) ? 'chunk' : otherwise;
}

export function noteError(app: TelemetryApp, kind: ErrorKind, error: unknown): void {
  const noted: NotedError = { app, kind: kindOf(error, kind), message: messageOf(error), ...currentPage() };
  if (sink) sink(noted);
  else if (early.length < MAX_EARLY_ERRORS) early.push(noted);
}

function appOfScript(url: string | undefined): TelemetryApp {
  try {
    return (url && remoteOrigins[new URL(url).origin]) || 'shell';
  } catch {
    return 'shell';
  }
}

/** Listens for uncaught errors and unhandled rejections from now on (the first thing start-up does). */
export function captureGlobalErrors(): void {
  addEventListener('error', (event) => noteError(appOfScript(event.filename), 'error', event.error ?? event.message));
  addEventListener('unhandledrejection', (event) => noteError('shell', 'rejection', event.reason));
}

/** Which origin serves which remote: from the runtime config's manifest URLs. */
export function noteRemoteOrigins(remotes: { publicSite: string; adminConsole: string }): void {
  for (const app of ['publicSite', 'adminConsole'] as const) {
    try {
      remoteOrigins[new URL(remotes[app]).origin] = app;
    } catch {
      // A malformed URL fails start-up elsewhere, with its own message.
    }
  }
}

/** A remote's error boundary caught `error` (shell/src/remotes/RemoteErrorBoundary.tsx): it belongs to the page's app. */
export function reportBoundaryError(error: unknown): void {
  noteError(currentPage().page, 'boundary', error);
}

/**
 * The gateway, noting every call that fails by its group and name ('products.getBySlug failed: unavailable'; the
 * error code only: a message may hold what was typed). Every group is wrapped, whichever the gateway has, and every
 * method that answers a promise; the sign-in listener answers none and passes through. Offline failures are not
 * noted: the offline banner already says so, and they say nothing of a release.
 */
export function noteDataFailures(gateway: DataGateway): DataGateway {
  const groups = new Map<string, object>();
  return new Proxy(gateway, {
    get(target, property, receiver) {
      const group: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== 'string' || typeof group !== 'object' || group === null) return group;
      let noting = groups.get(property);
      if (!noting) {
        noting = noteGroupFailures(property, group);
        groups.set(property, noting);
      }
      return noting;
    },
  });
}

function noteGroupFailures(groupName: string, group: object): object {
  return new Proxy(group, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args);
        if (!(result instanceof Promise)) return result;
        return result.catch((error: unknown) => {
          if (navigator.onLine) {
            const code = (error as { code?: unknown })?.code;
            noteError(currentPage().page, 'data', `${groupName}.${String(property)} failed: ${typeof code === 'string' ? code : 'unknown'}`);
          }
          throw error;
        });
      };
    },
  });
}

/**
 * Loads the reporter once the page is interactive and the browser idle, never before: it must not delay the first
 * paint or hydration (both start-up paths call this after rendering, like the service worker's start).
 */
export function startTelemetry(): void {
  if (started || process.env.NODE_ENV !== 'production') return;
  started = true;
  afterPageIsIdle(() => {
    import(/* webpackChunkName: "telemetry" */ './reporter')
      .then(({ startReporter }) => {
        sink = startReporter(early.splice(0));
      })
      .catch(() => {
        // No reporter (offline, a failed chunk): the page works without it.
      });
  });
}
