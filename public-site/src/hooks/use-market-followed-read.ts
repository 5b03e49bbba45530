import { useEffect, useRef, useState } from 'react';
import { useRootStore } from '@sbc/shared';

/**
 * After a market update, the recording function writes the history and the movers a few seconds later
 * (docs/market-history.md): an answer that does not hold the update yet is asked again after these waits.
 */
export const FOLLOW_RETRY_DELAYS_MS = [5_000, 20_000, 60_000] as const;

export type FollowedRead<T> = { state: 'loading' } | { state: 'error' } | { state: 'ready'; value: T };

/**
 * A read of the open data API that follows the live market (the way the pages' store data does: the market clock
 * reads a new `lastUpdated` in the game stats, RootStore.followMarketUpdate applies it, and what is on screen is read
 * again): the read runs when `key` changes and again when the market updates while the page is open, keeping the
 * shown value until the new one is in (an error then keeps it too). `read(variant)` must answer anew for each
 * `variant` (open-data-client keys its per-page answers by it). While following an update, an answer that
 * `holdsUpdate` says is older than the update is asked again after FOLLOW_RETRY_DELAYS_MS. The component calling it
 * must be a MobX observer (the stamp is observed). A hidden tab's market clock waits, so it reads nothing meanwhile.
 */
export function useMarketFollowedRead<T>(
  key: string,
  read: (variant: string) => Promise<T>,
  holdsUpdate: (value: T, updateAt: number) => boolean,
  what: string,
): FollowedRead<T> {
  const { game } = useRootStore();
  const stamp = game.stats?.lastUpdated?.getTime() ?? null;
  // The update the page opened with (the first one known: the stats may arrive after the first render); a later
  // one is followed.
  const opened = useRef(stamp);
  if (opened.current === null) opened.current = stamp;
  const followed = stamp !== null && stamp !== opened.current ? stamp : null;
  const [result, setResult] = useState<FollowedRead<T>>({ state: 'loading' });
  const latest = useRef({ read, holdsUpdate });
  latest.current = { read, holdsUpdate };
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `read` reads (a new function each render)
  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = (attempt: number) => {
      latest.current
        .read(followed === null ? '' : `@${followed}#${attempt}`)
        .then((value) => {
          if (!current) return;
          setResult({ state: 'ready', value });
          if (followed !== null && attempt < FOLLOW_RETRY_DELAYS_MS.length && !latest.current.holdsUpdate(value, followed)) {
            timer = setTimeout(() => run(attempt + 1), FOLLOW_RETRY_DELAYS_MS[attempt]);
          }
        })
        .catch((error: unknown) => {
          console.error(`Failed to load ${what}`, error);
          if (current) setResult((shown) => (shown.state === 'ready' ? shown : { state: 'error' }));
        });
    };
    run(0);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, followed, what]);
  return result;
}
