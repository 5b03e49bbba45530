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

  it("a material named with a space is found by its decoded name (one read, not the ledger), with its Used in first view", async () => {
    const { store, methods } = setup();
    const gateway = createFakeGateway({ products: many, materials: [fakeMaterial({ name: 'Iron ore', value: 2 }), iron], statRows });
    const withSpace = new RootStore(gateway, { storage: null });
    expect(pageOfPath('/materials/Iron%20ore')).toEqual({ page: 'MaterialDetailPage', params: { slug: 'Iron ore' } });
    expect(await preparePage(withSpace, '/materials/Iron%20ore')).toEqual({ status: 200 });
    expect(withSpace.market.materialRecord('Iron ore')).toMatchObject({ state: 'ready', material: { name: 'Iron ore' } });
    expect(gateway.callCount('materials.getAll')).toBe(0);
    // A name that is not valid percent-encoding stays as written.
    expect(pageOfPath('/materials/100%')).toEqual({ page: 'MaterialDetailPage', params: { slug: '100%' } });
    // The Used in first view: one call, whatever the list's length (60 products need Iron: the first 20 and the count).
    expect(await preparePage(store, '/materials/Iron')).toEqual({ status: 200 });
    expect(methods()).toEqual(['game.getStats', 'materials.getByName', 'products.getUsingMaterialFirstView']);
    expect(store.market.usedInList('Iron')).toMatchObject({ total: 60, complete: false });
    expect(store.market.usedInList('Iron').products).toHaveLength(20);
  });

  it('the FAQ reads nothing', async () => {
    const { store, methods } = setup();
    expect(await preparePage(store, '/faq')).toEqual({ status: 200 });
    expect(methods()).toEqual([]);
  });
});
