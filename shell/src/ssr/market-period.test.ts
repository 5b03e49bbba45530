/** Whether a rendered page is certainly still kept: to the period's end (on the hour and the half hour), at most the cap. */
import { RENDER_CACHE_MAX_SECONDS, renderKeptUntil } from './market-period';

const at = (time: string) => Date.parse(`2026-11-28T${time}Z`);

describe('renderKeptUntil', () => {
  it('caps a kept page at 5 minutes', () => {
    expect(RENDER_CACHE_MAX_SECONDS).toBe(300);
  });

  it.each([
    // rendered from, checked at, kept
    ['09:10:00', '09:10:01', true],
    ['09:10:00', '09:14:59', true],
    ['09:10:00', '09:15:00', false], // the cap: 5 minutes
    ['09:28:00', '09:29:59', true],
    ['09:28:00', '09:30:00', false], // the market update of 09:30 ends the period
    ['09:29:59', '09:30:01', false],
    ['09:30:00', '09:34:59', true], // rendered at the update: a new period, 5 minutes
    ['09:58:30', '10:00:00', false],
  ])('rendered from %s, at %s: %s', (renderedFrom, checkedAt, kept) => {
    expect(renderKeptUntil(at(renderedFrom), at(checkedAt))).toBe(kept);
  });
});
