import type { FailureKind } from './recovery';

/** The words of a remote that failed (./RemoteErrorBoundary.tsx), one kind each (./recovery.ts). `area`: "the market pages". */
export const REMOTE_FAILURE_TEXT: Record<FailureKind, { title: string; body: (area: string) => string }> = {
  'new-release': {
    title: 'A new version of the site is loading',
    body: (area) => `${capitalise(area)} were updated while this page was open. The page is loading the new version.`,
  },
  offline: {
    title: 'You are offline',
    body: (area) => `${capitalise(area)} need a connection to load. They will load as soon as you are back online.`,
  },
  failed: {
    title: 'This part of the site is unavailable',
    body: (area) => `We could not load ${area}. The rest of the site still works: try again in a moment.`,
  },
};

/** When the automatic reload was already tried for this address (no loop): the visitor reloads by hand. */
export const NEW_RELEASE_RELOAD_BY_HAND = 'Reload the page to use the new version.';
export const RELOAD_BUTTON = 'Reload the page';

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
