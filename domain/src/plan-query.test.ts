import { budgetSearch, MAX_PLAN_LINES, positiveNumber, planSearch, planSlug, readPlanQuery } from './plan-query';

describe('the plan in the address (readPlanQuery, planSearch)', () => {
  it.each([
    ['p=bread&q=3&p=cake&q=2', [['bread', 3], ['cake', 2]]],
    ['p=bread&q=3&p=bread&q=2', [['bread', 5]]],
    ['p=bread&q=0&p=cake&q=-1&p=beam&q=1.5&p=&q=2&p=x&q=lots', []],
    ['p=bread', []],
    // A name typed in the picker (before its choices arrive) is read as the slug it gets.
    ['p=Steel+Beam&q=2&p=steel-beam&q=1', [['steel-beam', 3]]],
  ])('%p → %p', (search, lines) => {
    expect(readPlanQuery(new URLSearchParams(search)).lines.map((l) => [l.slug, l.quantity])).toEqual(lines);
  });
  it.each([
    ['solar-panel', 'solar-panel'],
    ['  solar-panel ', 'solar-panel'],
    ['Solar Panel', 'solar-panel'],
    ['Crème Brûlée', 'creme-brulee'],
    ['steel_beam', 'steelbeam'],
    ['', ''],
    ['!!!', ''],
  ])('planSlug(%p) → %p', (text, slug) => {
    expect(planSlug(text)).toBe(slug);
  });
  it('reads what the player has and the budget, and writes them back', () => {
    const query = readPlanQuery(new URLSearchParams('p=bread&q=3&have%3AFlour=5&have%3AWater=-1&sbc=100&slots=40&hours=2.5'));
    expect(query).toEqual({ lines: [{ slug: 'bread', quantity: 3 }], have: { Flour: 5 }, budget: { sbc: 100, slots: 40, hours: 2.5 } });
    expect(readPlanQuery(new URLSearchParams(planSearch(query)))).toEqual(query);
  });
  it('has no budget unless all three figures are given', () => {
    expect(readPlanQuery(new URLSearchParams('sbc=100&slots=40')).budget).toBeNull();
  });
  it(`keeps at most ${MAX_PLAN_LINES} products`, () => {
    const search = Array.from({ length: MAX_PLAN_LINES + 3 }, (_, i) => `p=item-${i}&q=1`).join('&');
    expect(readPlanQuery(new URLSearchParams(search)).lines).toHaveLength(MAX_PLAN_LINES);
  });
});

describe('positiveNumber (a budget figure or an amount in the address, and in the API’s /plan/suggestions)', () => {
  it.each([
    ['12', 12],
    [' 2.5 ', 2.5],
    ['0', null],
    ['0.0', null],
    ['-3', null],
    ['1e3', null],
    ['12abc', null],
    ['.5', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%p → %p', (text, expected) => {
    expect(positiveNumber(text)).toBe(expected);
  });

  it('writes a budget as the address and the API read it (budgetSearch)', () => {
    expect(budgetSearch({ sbc: 5000, slots: 200, hours: 12.5 })).toBe('sbc=5000&slots=200&hours=12.5');
    expect(readPlanQuery(new URLSearchParams(budgetSearch({ sbc: 5000, slots: 200, hours: 12.5 }))).budget).toEqual({ sbc: 5000, slots: 200, hours: 12.5 });
  });
});
