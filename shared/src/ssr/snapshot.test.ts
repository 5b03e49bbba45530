import { createFakeGateway, fakeProduct } from '../testing/fakes';
import { parseState, recordingGateway, replayingGateway, serializeState } from './snapshot';

describe('serializeState / parseState', () => {
  it.each([
    ['a Date', { date: new Date('2026-11-23T10:00:00.000Z') }],
    ['nested arrays and nulls', { list: [1, null, 'x', { nested: new Date(0) }] }],
  ])('round-trips %s', (_name, value) => {
    const back = parseState<typeof value>(serializeState(value));
    expect(back).toEqual(value);
  });

  it('keeps an invalid Date invalid', () => {
    const back = parseState<{ date: Date }>(serializeState({ date: new Date(Number.NaN) }));
    expect(back.date).toBeInstanceOf(Date);
    expect(Number.isNaN(back.date.getTime())).toBe(true);
  });

  it('cannot close the script element it is embedded in', () => {
    const text = serializeState({ name: '</script><script>alert(1)</script>', separators: '\u2028\u2029' });
    expect(text).not.toMatch(/<\/script/i);
    expect(text).not.toMatch(/[\u2028\u2029]/);
    expect(parseState<{ name: string }>(text).name).toBe('</script><script>alert(1)</script>');
  });
});

describe('recording on the server, replaying in the browser', () => {
  it('replays the recorded answers (and failures) without calling the database, until closed', async () => {
    const solar = fakeProduct({ name: 'Solar Panel', slug: 'solar-panel' });
    const server = createFakeGateway({ products: [solar] });
    const recorder = recordingGateway(server);
    await recorder.gateway.products.getBySlug('solar-panel');
    await recorder.gateway.materials.getAll();
    const snapshot = parseState<ReturnType<typeof recorder.calls>>(serializeState(recorder.calls()));
    expect(snapshot.map((call) => call.key)).toEqual(['products.getBySlug(["solar-panel"])', 'materials.getAll([])']);

    const browser = createFakeGateway({ products: [] });
    const replay = replayingGateway(browser, snapshot);
    expect(await replay.gateway.products.getBySlug('solar-panel')).toEqual(solar);
    expect(browser.calls.map((c) => c.method)).not.toContain('products.getBySlug');

    replay.close();
    expect(await replay.gateway.products.getBySlug('solar-panel')).toBeNull();
  });

  it('replays a failed read as a failure', async () => {
    const replay = replayingGateway(createFakeGateway(), [{ key: 'materials.getAll([])', error: 'offline' }]);
    await expect(replay.gateway.materials.getAll()).rejects.toThrow('offline');
  });
});
