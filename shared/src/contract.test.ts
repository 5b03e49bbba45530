/**
 * @sbc/shared is a singleton: at run time every remote uses the copy the shell loaded, which may be older or
 * newer than the one the remote was built with. So the contract changes only by addition: an export released
 * once (shared/contract-exports.json) stays, with the same kind, until every app that uses it is gone.
 */
import * as shared from '@sbc/shared';
import released from '../contract-exports.json';

describe('the @sbc/shared contract', () => {
  const current = new Set(Object.keys(shared));

  test('keeps every released export', () => {
    const removed = released.exports.filter((name) => !current.has(name));
    expect(removed).toEqual([]);
  });

  test('records every export it ships, so the next release keeps them too', () => {
    const recorded = new Set(released.exports);
    const unrecorded = [...current].filter((name) => !recorded.has(name)).sort();
    // Add these to shared/contract-exports.json.
    expect(unrecorded).toEqual([]);
  });
});
