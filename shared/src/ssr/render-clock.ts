/**
 * Labels made from "now" and the visitor's time zone (the sparklines' '13:50 → 14:05') cannot be the same
 * on the server and in the browser. A server render and the browser's hydration of it therefore both use
 * the render's clock (its time, in UTC); right after hydration the component renders again with the real
 * time and the visitor's zone. Pages rendered only in the browser use the real clock from the start.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';

export interface RenderClock {
  /** Epoch milliseconds of the server render. */
  renderedAt: number;
}

export const RenderClockContext = createContext<RenderClock | null>(null);

const noSubscription = () => () => undefined;

/**
 * True while rendering on the server and while hydrating; false in every later render (and in pages rendered
 * only in the browser). What depends on the browser alone (the signed-in user, the clock) waits for false.
 */
export function useServerSnapshot(): boolean {
  return useSyncExternalStore(noSubscription, () => false, () => true);
}

/** "Now" and the time zone to format it in (undefined: the visitor's own). */
export function useRenderClock(): { now: Date; timeZone: string | undefined } {
  const clock = useContext(RenderClockContext);
  const hydrating = useServerSnapshot();
  if (hydrating && clock) return { now: new Date(clock.renderedAt), timeZone: 'UTC' };
  return { now: new Date(), timeZone: undefined };
}
