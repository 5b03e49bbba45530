import type { ProfitabilitySort } from '@sbc/domain';
import { fakeMaterial, fakeProduct } from './fake-fixtures';
import { createFakeGateway } from './fake-gateway';
import { catalogueRanking, createApiPlanReads, PLAN_SUGGESTIONS_TIMEOUT_MS } from './plan-suggestions';

// Bread: 4 Flour (8) + production 3 → 11 SBC a unit, sells at 20: margin 9; half an hour; 1 slot.
const bread = fakeProduct({ name: 'Bread', average_market_price: 20, space_required: 1, production: { cost: 3, time: 30, request_index: 0, request_index_history: [] }, requested_materials: { Flour: 4 } });
const flour = fakeMaterial({ name: 'Flour', value: 2, spaceRequired: 0 });
const budget = { sbc: 100, slots: 50, hours: 10 };

/** A fetch answering one URL with `status` and `body`, recording what was asked. */
function fakeFetch(status: number, body: unknown) {
  const asked: string[] = [];
  const impl = (async (url: string) => {
    asked.push(url);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
  }) as unknown as typeof fetch;
  return { impl, asked };
}

describe("the planner's suggestions in the browser: the open data API", () => {
  const row = { slug: 'bread', name: 'Bread', quantity: 9, limitedBy: 'sbc', cash: 99, revenue: 180, margin: 81, marginPerHour: 18, hours: 4.5, slots: 9 };

  it('asks GET /api/v1/plan/suggestions with the budget and the limit, and gives its rows and total', async () => {
    const gateway = createFakeGateway({ products: [bread], materials: [flour] });
    const api = fakeFetch(200, { data: [row], meta: { count: 1, total: 7 } });
    const reads = createApiPlanReads(catalogueRanking(gateway), api.impl);
    expect(await reads.getSuggestions(budget, 20)).toEqual({ rows: [row], total: 7 });
    expect(api.asked).toEqual(['/api/v1/plan/suggestions?sbc=100&slots=50&hours=10&limit=20']);
    expect(gateway.callCount('products.getAll')).toBe(0);
  });

  it('an API deployed before the route (404) is answered by ranking the whole catalogue here, as a page did before', async () => {
    const gateway = createFakeGateway({ products: [bread], materials: [flour] });
    const api = fakeFetch(404, { error: { code: 'not_found', message: 'No endpoint at "/api/v1/plan/suggestions"' } });
    const ranked = await createApiPlanReads(catalogueRanking(gateway), api.impl).getSuggestions(budget, 20);
    // 100 SBC ÷ 11 → 9 units: cash 99, margin 81, 4.5 h, 9 slots.
    expect(ranked).toEqual({ rows: [row], total: 1 });
    expect([gateway.callCount('products.getAll'), gateway.callCount('materials.getAll')]).toEqual([1, 1]);
  });

  it('the ranking made here from the whole catalogue (a 404) is sorted as asked', async () => {
    const cake = { ...bread, slug: 'food_cake', name: 'Cake', average_market_price: 90 };
    const gateway = createFakeGateway({ products: [bread, cake], materials: [flour] });
    const api = fakeFetch(404, { error: { code: 'not_found', message: 'No endpoint at "/api/v1/plan/profitability"' } });
    const reads = createApiPlanReads(catalogueRanking(gateway), api.impl);
    expect((await reads.getProfitability({}, 20)).rows.map((r) => r.name)).toEqual(['Cake', 'Bread']);
    expect((await reads.getProfitability({}, 20, { key: 'name', direction: 'asc' })).rows.map((r) => r.name)).toEqual(['Bread', 'Cake']);
  });

  it.each([
    ['an HTML page', '<!doctype html><title>Bad gateway</title>'],
    ['JSON of another shape', JSON.stringify({ data: 'none' })],
    ['a truncated body', '{"data":[{"slug":"br'],
  ])('an answer that is %s is an error, never rows', async (_what, text) => {
    const gateway = createFakeGateway({ products: [bread], materials: [flour] });
    const impl = (async () => new Response(text, { status: 200 })) as unknown as typeof fetch;
    await expect(createApiPlanReads(catalogueRanking(gateway), impl).getSuggestions(budget, 20)).rejects.toThrow(
      '/api/v1/plan/suggestions: the answer is not a list of suggestions',
    );
  });

  it('an API that does not answer is an error after PLAN_SUGGESTIONS_TIMEOUT_MS, not a spinner for ever', async () => {
    jest.useFakeTimers();
    try {
      const gateway = createFakeGateway({ products: [bread], materials: [flour] });
      const hanging = (() => new Promise<Response>(() => {})) as unknown as typeof fetch;
      const asked = createApiPlanReads(catalogueRanking(gateway), hanging).getSuggestions(budget, 20);
      const outcome = expect(asked).rejects.toThrow(`/api/v1/plan/suggestions did not answer within ${PLAN_SUGGESTIONS_TIMEOUT_MS / 1000} s`);
      await jest.advanceTimersByTimeAsync(PLAN_SUGGESTIONS_TIMEOUT_MS);
      await outcome;
    } finally {
      jest.useRealTimers();
    }
  });

  it("any other failure is the call's error, with the API's message", async () => {
    const gateway = createFakeGateway({ products: [bread], materials: [flour] });
    const api = fakeFetch(503, { error: { code: 'unavailable', message: 'The market data cannot be read right now: try again shortly' } });
    await expect(createApiPlanReads(catalogueRanking(gateway), api.impl).getSuggestions(budget, 20)).rejects.toThrow(
      '/api/v1/plan/suggestions: HTTP 503: The market data cannot be read right now: try again shortly',
    );
    expect(gateway.callCount('products.getAll')).toBe(0);
  });
});

describe('the profitability ranking in the browser: the open data API', () => {
  // Bread at today's prices: 20 − 8 − 3 = 9 a unit, 45 % of its price, 18 per hour of its half hour.
  const row = { slug: bread.slug, name: 'Bread', sector: bread.category, talent: 'None', averagePrice: 20, materialsCost: 8, missingMaterials: [], productionCost: 3, marginPerUnit: 9, marginPercent: 45, marginPerHour: 18, leadTimeMinutes: 30 };
  const answer = { data: [row], meta: { count: 1, total: 40, sectors: [bread.category], talents: ['None'] } };

  it.each([
    [{}, 20, '/api/v1/plan/profitability?limit=20', undefined],
    [{ sector: 'food', talent: 'Baking & Co' }, 20, '/api/v1/plan/profitability?sector=food&talent=Baking+%26+Co&limit=20', undefined],
    [{ sector: '', talent: '' }, undefined, '/api/v1/plan/profitability', undefined],
    // A sort: the first rows of that order (the page's first sort, without the whole ranking).
    [{ sector: 'food' }, 20, '/api/v1/plan/profitability?sector=food&limit=20&sort=leadTime&dir=asc', { key: 'leadTime', direction: 'asc' } as const],
    [{}, 20, '/api/v1/plan/profitability?limit=20&sort=name&dir=desc', { key: 'name', direction: 'desc' } as const],
  ])('filter %o, limit %p asks %s and gives its rows, total and choices, never a Firestore read', async (filter, limit, url, sort: ProfitabilitySort | undefined) => {
    const gateway = createFakeGateway({ products: [bread], materials: [flour] });
    const api = fakeFetch(200, answer);
    expect(await createApiPlanReads(catalogueRanking(gateway), api.impl).getProfitability(filter, limit, sort)).toEqual({ rows: [row], total: 40, sectors: [bread.category], talents: ['None'] });
    expect(api.asked).toEqual([url]);
    expect(gateway.calls).toEqual([]);
  });

  it('an API deployed before the route (404) is answered by ranking the whole catalogue here', async () => {
    const gateway = createFakeGateway({ products: [bread], materials: [flour] });
    const api = fakeFetch(404, { error: { code: 'not_found', message: 'No endpoint at "/api/v1/plan/profitability"' } });
    const ranked = await createApiPlanReads(catalogueRanking(gateway), api.impl).getProfitability({}, 20);
    const talent = bread.talent_required ?? 'None';
    expect(ranked).toEqual({ rows: [{ ...row, talent }], total: 1, sectors: [bread.category], talents: [talent] });
    expect([gateway.callCount('products.getAll'), gateway.callCount('materials.getAll')]).toEqual([1, 1]);
  });

  it.each([
    ['an HTML page', '<!doctype html><title>Bad gateway</title>'],
    ['a list without its choices', JSON.stringify({ data: [], meta: { count: 0, total: 0 } })],
    ['a truncated body', '{"data":[{"slug":"br'],
  ])('an answer that is %s is an error, never rows', async (_what, text) => {
    const gateway = createFakeGateway({ products: [bread], materials: [flour] });
    const impl = (async () => new Response(text, { status: 200 })) as unknown as typeof fetch;
    await expect(createApiPlanReads(catalogueRanking(gateway), impl).getProfitability({})).rejects.toThrow('/api/v1/plan/profitability: the answer is not the profitability ranking');
  });

  it("a failure is the call's error, with the API's message", async () => {
    const gateway = createFakeGateway({ products: [bread], materials: [flour] });
    const api = fakeFetch(400, { error: { code: 'bad_parameter', message: '?limit= must be a whole number from 1 to 10000' } });
    await expect(createApiPlanReads(catalogueRanking(gateway), api.impl).getProfitability({}, 0)).rejects.toThrow('/api/v1/plan/profitability: HTTP 400: ?limit= must be a whole number from 1 to 10000');
  });
});
