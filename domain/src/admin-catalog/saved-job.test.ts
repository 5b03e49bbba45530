import { readSavedBulkJob, SAVED_JOB_VERSION } from './saved-job';

const change = { productId: 'energy_solar_panel', slug: 'solar-panel', name: 'Solar Panel', before: { price_max: 20 }, after: { price_max: 22 } };
const job = { version: SAVED_JOB_VERSION, kind: 'products', id: 'mi1x2y3abc123', done: 100, changes: [change, { ...change, productId: 'Ferro', before: {}, after: { id: 3 }, create: true }] };
const text = (over: Record<string, unknown>) => JSON.stringify({ ...job, ...over });

describe('readSavedBulkJob', () => {
  it('reads a saved job back as it was written', () => {
    expect(readSavedBulkJob(JSON.stringify(job))).toEqual({ job, corrupt: false });
    expect(readSavedBulkJob(text({ kind: 'materials', done: 0 })).job).toMatchObject({ kind: 'materials', done: 0 });
  });

  test.each([
    ['nothing saved', null],
    ['an empty value', ''],
  ])('%s: no job, nothing to say', (_label, value) => {
    expect(readSavedBulkJob(value)).toEqual({ job: null, corrupt: false });
  });

  test.each([
    ['not JSON', '{"version":1,'],
    ['a list', '[]'],
    ['another version', text({ version: 2 })],
    ['an unknown kind', text({ kind: 'users' })],
    ['an id with a slash', text({ id: 'a/b' })],
    ['an empty id', text({ id: '' })],
    ['a negative progress', text({ done: -1 })],
    ['a fractional progress', text({ done: 1.5 })],
    ['no change left', text({ changes: [] })],
    ['a change without its document id', text({ changes: [{ ...change, productId: '' }] })],
    ['a change whose after is empty', text({ changes: [{ ...change, after: {} }] })],
    ['a change with a before that is a list', text({ changes: [{ ...change, before: [] }] })],
    ['a change with an unknown key', text({ changes: [{ ...change, admin: true }] })],
    ['a create that is not true', text({ changes: [{ ...change, create: 'yes' }] })],
    ['changes that are not a list', text({ changes: { 0: change } })],
  ])('%s: refused as corrupt', (_label, value) => {
    expect(readSavedBulkJob(value)).toEqual({ job: null, corrupt: true });
  });
});
