import type { ReleaseRecord } from '../../shared/src/release-layout';
import { releasesToKeep } from './retention';

const release = (id: string, deployedAt: string | null): ReleaseRecord => ({ id, deployedAt, files: [`releases/${id}/remoteEntry.js`] });
const ids = (kept: ReleaseRecord[]) => kept.map((r) => r.id);

describe('releasesToKeep: at least the next two releases and at least 7 days after being replaced, whichever keeps more', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  it.each([
    ['the first deploy keeps the new release', [release('a', null)], ['a']],
    ['one earlier release is kept', [release('a', '2026-01-01T00:00:00Z'), release('b', null)], ['a', 'b']],
    [
      'two newer releases, replaced long ago: both earlier kept (fewer than 3 newer)',
      [release('a', '2026-01-01T00:00:00Z'), release('b', '2026-02-01T00:00:00Z'), release('c', null)],
      ['a', 'b', 'c'],
    ],
    [
      'three newer releases and replaced 30 days ago: dropped',
      [release('a', '2026-10-01T00:00:00Z'), release('b', '2026-10-28T00:00:00Z'), release('c', '2026-11-20T00:00:00Z'), release('d', null)],
      ['b', 'c', 'd'],
    ],
    [
      'three newer releases but replaced 6 days ago: kept (7 days keep more)',
      [release('a', '2026-11-01T00:00:00Z'), release('b', '2026-11-21T12:00:01Z'), release('c', '2026-11-25T00:00:00Z'), release('d', null)],
      ['a', 'b', 'c', 'd'],
    ],
    [
      'replaced exactly 7 days ago with three newer: dropped',
      [release('a', '2026-11-01T00:00:00Z'), release('b', '2026-11-20T12:00:00Z'), release('c', '2026-11-25T00:00:00Z'), release('d', null)],
      ['b', 'c', 'd'],
    ],
    [
      'ten deploys in one day: all kept for 7 days',
      Array.from({ length: 10 }, (_, i) => release(`r${i}`, i === 9 ? null : `2026-11-27T0${i}:00:00Z`)),
      Array.from({ length: 10 }, (_, i) => `r${i}`),
    ],
    [
      'a release that never went live (no date) is dropped',
      [release('a', '2026-11-26T00:00:00Z'), release('lost', null), release('c', null)],
      ['a', 'c'],
    ],
  ])('%s', (_name, releases, expected) => {
    expect(ids(releasesToKeep(releases, now))).toEqual(expected);
  });
});

test('the current release and the staged ones after it are always kept, however old', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const releases = [
    { id: 'old', deployedAt: '2026-01-01T00:00:00Z', files: [] },
    { id: 'current', deployedAt: '2026-02-01T00:00:00Z', files: [] },
    { id: 'canary1', deployedAt: '2026-03-01T00:00:00Z', files: [] },
    { id: 'canary2', deployedAt: '2026-04-01T00:00:00Z', files: [] },
    { id: 'canary3', deployedAt: null, files: [] },
  ];
  expect(releasesToKeep(releases, now, undefined, 'current').map((r) => r.id)).toEqual(['current', 'canary1', 'canary2', 'canary3']);
});
