import { FAQ_ITEMS, parseLightMarkup } from './faq';

describe('FAQ_ITEMS', () => {
  it('has six items with unique ids, a question, an icon and an answer', () => {
    expect(FAQ_ITEMS).toHaveLength(6);
    expect(new Set(FAQ_ITEMS.map((f) => f.id)).size).toBe(6);
    for (const item of FAQ_ITEMS) {
      expect(item.question).toMatch(/\?$/);
      expect(item.icon).not.toBe('');
      expect(parseLightMarkup(item.answer).some((t) => t.type === 'bold')).toBe(true);
    }
  });

  it.each([
    ['how-market-works', ['twice per in-game day', '30 real minutes', 'demand', 'specialization', 'saturation']],
    ['company-specialization', ['resets when you switch category']],
    ['automatic-updates', ['automatic']],
    ['news-events', ['News events']],
    ['materials-market', ['global, real-time and shared', 'minimum and a maximum price', '*high*', '*lower* after several in-game days']],
    ['market-advantage', ['market algorithm']],
  ])('%s covers its topic', (id, phrases) => {
    const answer = FAQ_ITEMS.find((f) => f.id === id)!.answer;
    for (const phrase of phrases) expect(answer).toContain(phrase);
  });
});

describe('parseLightMarkup', () => {
  it.each([
    ['plain', [{ type: 'text', text: 'plain' }]],
    ['a **b** c', [{ type: 'text', text: 'a ' }, { type: 'bold', text: 'b' }, { type: 'text', text: ' c' }]],
    ['*it* and **bo**', [{ type: 'italic', text: 'it' }, { type: 'text', text: ' and ' }, { type: 'bold', text: 'bo' }]],
    ['one\ntwo', [{ type: 'text', text: 'one' }, { type: 'break', text: '' }, { type: 'text', text: 'two' }]],
    ['one\r\ntwo', [{ type: 'text', text: 'one' }, { type: 'break', text: '' }, { type: 'text', text: 'two' }]],
    ['2 * 3 = 6', [{ type: 'text', text: '2 * 3 = 6' }]],
    ['**open\nclose**', [{ type: 'text', text: '**open' }, { type: 'break', text: '' }, { type: 'text', text: 'close**' }]],
    ['<b>x</b> **<i>**', [{ type: 'text', text: '<b>x</b> ' }, { type: 'bold', text: '<i>' }]],
    ['', []],
  ])('%p → %p', (answer, expected) => {
    expect(parseLightMarkup(answer)).toEqual(expected);
  });
});
