import { DEFAULT_SEED_OPTIONS, DEMO_ACCOUNTS, generateDemoEconomy } from '../../src/seed';
import { collection, materialDocs } from './dataset';

describe('generateDemoEconomy determinism', () => {
  it('gives the identical dataset for the same seed and options', () => {
    const a = JSON.stringify(generateDemoEconomy({ seed: 7 }));
    const b = JSON.stringify(generateDemoEconomy({ seed: 7 }));
    expect(a).toBe(b);
  });

  it('uses seed 42 and a fixed date by default, so two default runs agree', () => {
    expect(DEFAULT_SEED_OPTIONS).toEqual({ seed: 42, products: 160, materials: 44, now: new Date('2025-06-01T09:00:00.000Z') });
    expect(JSON.stringify(generateDemoEconomy())).toBe(JSON.stringify(generateDemoEconomy({ seed: 42 })));
  });

  it('gives a different dataset for a different seed', () => {
    expect(JSON.stringify(generateDemoEconomy({ seed: 1 }))).not.toBe(JSON.stringify(generateDemoEconomy({ seed: 2 })));
  });

  it('stamps bookkeeping dates relative to `now`', () => {
    const now = new Date('2030-01-01T00:00:00.000Z');
    const stats = collection(generateDemoEconomy({ now }), 'marketStats');
    expect(stats.every((s) => (s.data.lastUpdated as Date).getTime() === now.getTime())).toBe(true);
    for (const p of collection(generateDemoEconomy({ now }), 'products')) {
      const { createdAt, migratedAt, updatedAt } = p.data as Record<string, Date>;
      expect(createdAt.getTime()).toBeLessThanOrEqual(migratedAt.getTime());
      expect(migratedAt.getTime()).toBeLessThanOrEqual(updatedAt.getTime());
      expect(updatedAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
  });
});

describe('generateDemoEconomy sizes', () => {
  it('has 160 products, 44 materials (plus the list document) and 5 talent types by default', () => {
    const dataset = generateDemoEconomy();
    expect(collection(dataset, 'products')).toHaveLength(160);
    expect(materialDocs(dataset)).toHaveLength(44);
    expect(collection(dataset, 'materials').filter((m) => m.id === 'list')).toHaveLength(1);
    expect(collection(dataset, 'talents')).toHaveLength(5);
  });

  it.each([
    [12, 10],
    [40, 20],
    [200, 58],
    [400, 80],
  ])('honours products=%i and materials=%i', (products, materials) => {
    const dataset = generateDemoEconomy({ products, materials });
    expect(collection(dataset, 'products')).toHaveLength(products);
    expect(materialDocs(dataset)).toHaveLength(materials);
  });

  it.each([
    [{ products: 11 }, 'products must be an integer from 12 to 5000, got 11'],
    [{ products: 20.5 }, 'products must be an integer from 12 to 5000, got 20.5'],
    [{ materials: 9 }, 'materials must be an integer from 10 to 1000, got 9'],
    [{ seed: 1.5 }, 'seed must be an integer, got 1.5'],
    [{ now: new Date('nope') }, 'now must be a valid date'],
  ])('rejects %j', (options, message) => {
    expect(() => generateDemoEconomy(options)).toThrow(new RangeError(message));
  });

  it('spreads the products over at least 8 sectors by default', () => {
    const categories = new Set(collection(generateDemoEconomy(), 'products').map((p) => p.data.category).filter(Boolean));
    expect(categories.size).toBeGreaterThanOrEqual(8);
  });
});

describe('DEMO_ACCOUNTS', () => {
  it('lists one administrator and one player', () => {
    expect(DEMO_ACCOUNTS).toEqual([
      { email: 'admin@sbc-tycoon.test', password: 'admin-demo-1', displayName: 'Demo Admin', isAdmin: true },
      { email: 'player@sbc-tycoon.test', password: 'player-demo-1', displayName: 'Demo Player', isAdmin: false },
    ]);
    expect(Object.isFrozen(DEMO_ACCOUNTS)).toBe(true);
  });
});
