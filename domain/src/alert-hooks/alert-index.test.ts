import { evaluateIndexDocument, indexChangeOf, readAlertIndexDocument, type AlertIndexDocument } from './alert-index';
import { alertMessage, testMessage, TEST_MESSAGE_TEXT } from './message';

const watchDoc = (alert: Record<string, unknown> = {}) => ({ kind: 'product', ref: 'p1', slug: 'solar-panel', name: 'Solar Panel', ...alert });
const priceAbove = (threshold: number, fired = false) => ({ alertMetric: 'price', alertDirection: 'above', alertThreshold: threshold, alertFired: fired });

describe('indexChangeOf: what a watchlist write does to the index', () => {
  it.each<[string, Record<string, unknown> | null, Record<string, unknown> | null, ReturnType<typeof indexChangeOf>]>([
    ['item added without alert', null, watchDoc(), 'keep'],
    ['alert set', watchDoc(), watchDoc(priceAbove(130)), { metric: 'price', direction: 'above', threshold: 130, fired: false }],
    ['threshold changed: armed again', watchDoc(priceAbove(130, true)), watchDoc(priceAbove(140, true)), { metric: 'price', direction: 'above', threshold: 140, fired: false }],
    ['browser fired it: no index write', watchDoc(priceAbove(130)), watchDoc(priceAbove(130, true)), 'keep'],
    ['new baseline: no index write', watchDoc(priceAbove(130)), { ...watchDoc(priceAbove(130)), seenPrice: 3 }, 'keep'],
    ['alert removed', watchDoc(priceAbove(130)), watchDoc(), 'remove'],
    ['item with alert removed', watchDoc(priceAbove(130)), null, 'remove'],
    ['item without alert removed', watchDoc(), null, 'keep'],
    ['malformed alert is no alert', watchDoc(), watchDoc({ alertMetric: 'price', alertDirection: 'sideways', alertThreshold: 1 }), 'keep'],
  ])('%s', (_, before, after, expected) => {
    expect(indexChangeOf(before, after)).toEqual(expected);
  });
});

describe('evaluateIndexDocument: one market update on one item', () => {
  const doc: AlertIndexDocument = {
    kind: 'product',
    ref: 'p1',
    name: 'Solar Panel',
    slug: 'solar-panel',
    alerts: {
      ann: { metric: 'price', direction: 'above', threshold: 130, fired: false },
      bob: { metric: 'price', direction: 'above', threshold: 130, fired: true },
      cid: { metric: 'requestIndex', direction: 'below', threshold: 1, fired: false },
    },
  };

  it('fires armed alerts the update crosses, once; keeps fired ones quiet', () => {
    const result = evaluateIndexDocument(doc, { price: 135, requestIndex: 1.2, inventory: 4 });
    expect(result.fired.map((f) => [f.uid, f.alert.text])).toEqual([['ann', 'Price above 130 · now 135.00 SBC']]);
    expect(result.alerts).toEqual({ ...doc.alerts, ann: { ...doc.alerts.ann, fired: true } });
  });

  it('re-arms alerts the update crosses back; nothing fires', () => {
    const result = evaluateIndexDocument(doc, { price: 120, requestIndex: 1.2, inventory: 4 });
    expect(result.fired).toEqual([]);
    expect(result.alerts?.bob.fired).toBe(false);
  });

  it('no change, no write', () => {
    const quiet = { ...doc, alerts: { ann: doc.alerts.ann } };
    expect(evaluateIndexDocument(quiet, { price: 120, requestIndex: 1.2, inventory: 4 })).toEqual({ alerts: null, fired: [] });
  });

  it('an item that is gone changes nothing', () => {
    expect(evaluateIndexDocument(doc, null)).toEqual({ alerts: null, fired: [] });
  });

  it('reads stored documents leniently', () => {
    expect(readAlertIndexDocument({ kind: 'material', ref: 'Copper', alerts: { a: { metric: 'price', direction: 'below', threshold: 2 }, b: { metric: 'x' } } })).toEqual({
      kind: 'material',
      ref: 'Copper',
      name: 'Copper',
      slug: 'Copper',
      alerts: { a: { metric: 'price', direction: 'below', threshold: 2, fired: false } },
    });
  });
});

describe('the message: Discord- and Slack-compatible JSON', () => {
  const fired = { kind: 'product' as const, ref: 'p1', name: 'Solar Panel', slug: 'solar-panel', metric: 'price' as const, direction: 'above' as const, threshold: 130, value: 135, text: 'Price above 130 · now 135.00 SBC' };
  it('says each alert in content (Discord) and text (Slack), with the item page', () => {
    const message = alertMessage([fired], new Date('2026-11-27T10:00:00Z'), 'https://sbc.example');
    expect(message.content).toBe('SBC Tycoon alert: Solar Panel: Price above 130 · now 135.00 SBC (https://sbc.example/products/solar-panel)');
    expect(message.text).toBe(message.content);
    expect(message.sbc).toEqual({ v: 1, type: 'alerts', at: '2026-11-27T10:00:00.000Z', alerts: [{ kind: 'product', ref: 'p1', name: 'Solar Panel', metric: 'price', direction: 'above', threshold: 130, value: 135, url: 'https://sbc.example/products/solar-panel' }] });
  });

  it('cuts a long list', () => {
    const message = alertMessage(new Array(25).fill(fired), new Date(0), 'https://sbc.example');
    expect(message.content.split('\n')).toHaveLength(21);
    expect(message.content.split('\n')[20]).toBe('… and 5 more on your watchlist');
  });

  it('a test message', () => {
    expect(testMessage(new Date(0)).content).toBe(TEST_MESSAGE_TEXT);
  });
});
