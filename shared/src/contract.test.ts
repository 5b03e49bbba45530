/**
 * @sbc/shared is a singleton: at run time every remote uses the copy the shell loaded, which may be older or
 * newer than the one the remote was built with. So the contract changes by addition: an export released once
 * (shared/contract-exports.json) stays, with the same kind, until no deployed app uses it; then it moves to
 * `retired` with the reason (the version-skew journey checks the previous release imports none of those).
 */
import * as shared from '@sbc/shared';
import released from '../contract-exports.json';

describe('the @sbc/shared contract', () => {
  const current = new Set(Object.keys(shared));
  const retired = released.retired.flatMap((group) => group.names);

  test('keeps every released export that has not been retired', () => {
    const removed = released.exports.filter((name) => !current.has(name));
    // Put back, or move to "retired" with the reason once no deployed app uses them.
    expect(removed).toEqual([]);
  });

  test('records every export it ships, so the next release keeps them too', () => {
    const recorded = new Set(released.exports);
    const unrecorded = [...current].filter((name) => !recorded.has(name)).sort();
    // Add these to shared/contract-exports.json.
    expect(unrecorded).toEqual([]);
  });

  test('a retired export is gone, says why and when, and is not released again under the same name', () => {
    expect(retired.filter((name) => current.has(name) || released.exports.includes(name))).toEqual([]);
    for (const group of released.retired) {
      expect(group.why.length).toBeGreaterThan(20);
      expect(group.on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});
