import { createFakeGateway, type FakeGatewaySeed } from '../data/fake-gateway';
import { MemoryStorage } from '../data/memory-storage';
import { SessionCache } from '../data/session-cache';
import { TalentsStore } from './talents-store';

const talents = [
  { name: 'Chemist', type: 'science' },
  { name: 'Welder', type: 'industry' },
];
const KEY = 'app.talents.cache';

function setup(seed: FakeGatewaySeed = {}, storage: Storage | null = new MemoryStorage()) {
  const gateway = createFakeGateway({ talents, ...seed });
  const store = new TalentsStore(gateway, new SessionCache(storage));
  return { gateway, store, storage };
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('talents store', () => {
  it('reads the talents once, caches them under app.talents.cache, and a second load is free', async () => {
    const { store, gateway, storage } = setup();
    expect(store.state).toBe('idle');
    await store.load();
    await store.load();
    expect(store.talents).toEqual(talents);
    expect(store.state).toBe('ready');
    expect(gateway.callCount('game.getTalents')).toBe(1);
    expect(JSON.parse(storage!.getItem(KEY)!).data).toEqual(talents);
  });

  it.each([
    ['not JSON', '{{{'],
    ['an old schema', JSON.stringify({ schema: 0, savedAt: Date.now(), data: talents })],
    ['data that is not a list', JSON.stringify({ schema: 1, savedAt: Date.now(), data: { name: 'x' } })],
    ['an item of the wrong shape', JSON.stringify({ schema: 1, savedAt: Date.now(), data: [{ name: 'Chemist' }] })],
    ['an expired entry', JSON.stringify({ schema: 1, savedAt: Date.now() - 31 * 60 * 1000, data: talents })],
  ])('ignores and replaces a cache entry with %s: the gateway is read and the state is ready', async (_label, text) => {
    const storage = new MemoryStorage();
    storage.setItem(KEY, text);
    const { store, gateway } = setup({}, storage);
    await store.load();
    expect(gateway.callCount('game.getTalents')).toBe(1);
    expect(store.talents).toEqual(talents);
    expect(store.state).toBe('ready');
    expect(JSON.parse(storage.getItem(KEY)!).data).toEqual(talents);
  });

  it('a failed read with nothing cached is logged and leaves an empty list in state error', async () => {
    const { store } = setup({ failing: { 'game.getTalents': new Error('permission-denied') } });
    await store.load();
    expect(store.talents).toEqual([]);
    expect(store.state).toBe('error');
    expect(console.error).toHaveBeenCalledWith('Failed to load talents', expect.any(Error));
  });

  it('a failed read with only a corrupt entry is an error too, and the entry is dropped', async () => {
    const storage = new MemoryStorage();
    storage.setItem(KEY, '{{{');
    const { store } = setup({ failing: { 'game.getTalents': new Error('offline') } }, storage);
    await store.load();
    expect(store.state).toBe('error');
    expect(store.talents).toEqual([]);
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('after a failed read the next load tries the gateway again', async () => {
    const { store, gateway } = setup({ failing: { 'game.getTalents': new Error('offline') } });
    await store.load();
    gateway.fail('game.getTalents', undefined);
    await store.load();
    expect(store.state).toBe('ready');
    expect(store.talents).toEqual(talents);
    expect(gateway.callCount('game.getTalents')).toBe(2);
  });

  it('shares one request between concurrent loads and shows loading meanwhile', async () => {
    const { store, gateway } = setup();
    const release = gateway.hold('game.getTalents');
    const both = Promise.all([store.load(), store.load()]);
    expect(store.state).toBe('loading');
    release();
    await both;
    expect(gateway.callCount('game.getTalents')).toBe(1);
  });

  it('works without a session storage', async () => {
    const { store } = setup({}, null);
    await store.load();
    expect(store.state).toBe('ready');
    expect(store.talents).toEqual(talents);
  });
});
