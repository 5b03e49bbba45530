import { RootStore, SNAPSHOT_METHODS } from '@sbc/shared';
import { createFakeGateway, fakeMaterial, fakeProduct, fakeStatRow } from '@sbc/shared/src/testing/fakes';
import { pageOfPath, preparePage } from './prepare';

const many = Array.from({ length: 60 }, (_, i) => fakeProduct({ name: `Item ${String(i).padStart(2, '0')}`, category: 'food', requested_materials: { Iron: 2 } }));
const iron = fakeMaterial({ name: 'Iron', value: 2, amount: 10 });
const statRows = [fakeStatRow({ name: 'Item 00', type: 'product', category: 'food', total: 100, count: 10 })];

function setup() {
  const gateway = createFakeGateway({ products: many, materials: [iron], statRows });
  const store = new RootStore(gateway, { storage: null });
  // The reads a render records (the store's sign-in listener is no read).
  const reads = () => gateway.calls.filter((c) => (SNAPSHOT_METHODS as readonly string[]).includes(c.method));
  const methods = () => reads().map((c) => c.method).sort();
  return { store, methods };
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

describe('preparePage: the route table finds the page, the page declares its data (issue 36)', () => {
  it('finds the public-site page of a path and its parameters, or none', () => {
    expect(pageOfPath('/products/item-01')).toEqual({ page: 'ProductDetailPage', params: { slug: 'item-01' } });
    expect(pageOfPath('/materials')).toEqual({ page: 'MaterialsPage', params: {} });
    expect(pageOfPath('/admin')).toBeNull();
    expect(pageOfPath('/nowhere')).toBeNull();
  });

  it("a sector's address reads the statistics, the game stats and the sector's first page with its count", async () => {
    const { store, methods } = setup();
    expect(await preparePage(store, '/products?sector=food')).toEqual({ status: 200 });
    expect(methods()).toEqual(['game.getStats', 'market.getStats', 'products.countInCategory', 'products.getFirstPageOfCategory']);
    expect(store.market.sectorRows('food')).toMatchObject({ total: 60, complete: false });
    expect(store.market.selectedCategory).toBe('food');
  });

  it('a sorted or filtered address reads the whole sector, whose rows it shows', async () => {
    const { store, methods } = setup();
    await preparePage(store, '/products?sector=food&sort=price&dir=desc');
    expect(methods()).toEqual(['game.getStats', 'market.getStats', 'products.getByCategory']);
    expect(store.market.sectorRows('food')).toMatchObject({ total: 60, complete: true });
  });

  it("a product's page puts its record and its recipe's materials in the store; an unknown one is a 404", async () => {
    const { store } = setup();
    expect(await preparePage(store, `/products/${many[1].slug}`)).toEqual({ status: 200 });
    expect(store.market.productRecord(many[1].slug)).toMatchObject({ state: 'ready', product: { name: 'Item 01' } });
    expect(store.market.materialRecord('Iron')).toMatchObject({ state: 'ready', material: { name: 'Iron' } });
    expect(await preparePage(store, '/products/nothing')).toEqual({ status: 404 });
    expect(await preparePage(store, '/materials/Nothing')).toEqual({ status: 404 });
  });

  it('the FAQ reads nothing', async () => {
    const { store, methods } = setup();
    expect(await preparePage(store, '/faq')).toEqual({ status: 200 });
    expect(methods()).toEqual([]);
  });
});
