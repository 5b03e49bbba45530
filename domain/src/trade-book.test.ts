import { CSV_BOM, parseCsv, toCsv } from './csv';
import {
  formatTradeTime,
  MAX_TRADE_IMPORT_BYTES,
  TRADE_CSV_COLUMNS,
  planTradeImport,
  readTrade,
  readTradeTime,
  sellExceedsHolding,
  tradeBook,
  tradeMessages,
  type TradeInput,
} from './trade-book';

const t = (side: 'buy' | 'sell', item: string, quantity: number, unitPrice: number, at: number, kind: 'product' | 'material' = 'material'): TradeInput => ({
  kind,
  item,
  side,
  quantity,
  unitPrice,
  at,
});
const prices: Record<string, number> = { 'material:Flour': 3, 'product:Bread': 25 };
const priceOf = (kind: string, item: string) => prices[`${kind}:${item}`] ?? null;

describe('tradeBook (average cost; every figure recomputed by hand)', () => {
  it.each([
    // trades, quantity, cost basis, realised, value, unrealised, ROI %
    ['one buy', [t('buy', 'Flour', 10, 2, 1)], 10, 20, 0, 30, 10, 50],
    // 10 @ 2 + 10 @ 4 → average 3; sell 5 @ 5 realises 5 × (5 − 3) = 10; 15 left at cost 45, worth 45.
    ['two buys, a sell', [t('buy', 'Flour', 10, 2, 1), t('buy', 'Flour', 10, 4, 2), t('sell', 'Flour', 5, 5, 3)], 15, 45, 10, 45, 0, (10 / 60) * 100],
    // The sell is applied in time order, whatever the recorded order: sold 4 of the first 10 @ 2 for 1 each
    // (realised −4, 6 left at cost 12), then 10 @ 4: 16 held at cost 52, worth 48 → unrealised −4, ROI −8 / 60.
    ['out of order', [t('buy', 'Flour', 10, 4, 5), t('sell', 'Flour', 4, 1, 2), t('buy', 'Flour', 10, 2, 1)], 16, 12 + 40, -4, 48, -4, (-8 / 60) * 100],
    // Everything sold: nothing held, basis 0, value 0; realised 10 × (1.5 − 2) = −5.
    ['all sold at a loss', [t('buy', 'Flour', 10, 2, 1), t('sell', 'Flour', 10, 1.5, 2)], 0, 0, -5, 0, 0, -25],
    // Bought for nothing: no ROI.
    ['free units', [t('buy', 'Flour', 10, 0, 1)], 10, 0, 0, 30, 30, null],
  ])('%s', (_name, trades, quantity, basis, realised, value, unrealised, roi) => {
    const book = tradeBook(trades as TradeInput[], priceOf);
    const [p] = book.positions;
    expect(p!.quantity).toBeCloseTo(quantity as number, 9);
    expect(p!.costBasis).toBeCloseTo(basis as number, 9);
    expect(p!.realised).toBeCloseTo(realised as number, 9);
    expect(p!.value).toBeCloseTo(value as number, 9);
    expect(p!.unrealised).toBeCloseTo(unrealised as number, 9);
    if (roi === null) expect(p!.roiPercent).toBeNull();
    else expect(p!.roiPercent).toBeCloseTo(roi as number, 9);
  });

  it('totals the items, and keeps a product and a material of the same name apart', () => {
    const book = tradeBook(
      [t('buy', 'Flour', 10, 2, 1), t('buy', 'Bread', 2, 20, 2, 'product'), t('sell', 'Bread', 1, 30, 3, 'product'), t('buy', 'Bread', 1, 1, 4, 'material')],
      (kind, item) => (kind === 'material' && item === 'Bread' ? 2 : priceOf(kind, item)),
    );
    expect(book.positions.map((p) => `${p.kind}:${p.item}`)).toEqual(['material:Bread', 'product:Bread', 'material:Flour']);
    // bought 20 + 40 + 1 = 61; realised (30 − 20) × 1 = 10; value 30 + 25 + 2 = 57; unrealised 57 − (20 + 20 + 1) = 16.
    expect(book.boughtCost).toBe(61);
    expect(book.realised).toBe(10);
    expect(book.value).toBe(57);
    expect(book.unrealised).toBe(16);
    expect(book.roiPercent).toBeCloseTo((26 / 61) * 100, 9);
  });

  it('has no value, unrealised P&L or ROI for an item held without a current price, and says so in the totals', () => {
    const book = tradeBook([t('buy', 'Flour', 1, 2, 1), t('buy', 'Gone', 1, 5, 2)], priceOf);
    expect(book.positions.find((p) => p.item === 'Gone')).toMatchObject({ value: null, unrealised: null, roiPercent: null });
    expect(book.value).toBeNull();
    expect(book.unrealised).toBeNull();
    expect(book.roiPercent).toBeNull();
  });
});

describe('readTrade (bad input named, nothing guessed)', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  const ok = { kind: 'material', item: 'Flour', side: 'buy', quantity: '10', unitPrice: '2.5', at: '2026-11-26 10:00' };
  it('reads a good trade, the time in UTC', () => {
    expect(readTrade(ok, now)).toEqual({ trade: { kind: 'material', item: 'Flour', side: 'buy', quantity: 10, unitPrice: 2.5, at: Date.parse('2026-11-26T10:00:00Z') }, errors: [] });
  });
  it.each([
    [{ quantity: '0' }, tradeMessages.quantity],
    [{ quantity: '-3' }, tradeMessages.quantity],
    [{ quantity: '1e3' }, tradeMessages.quantity],
    [{ quantity: '2000000000' }, tradeMessages.quantity],
    [{ quantity: 'ten' }, tradeMessages.quantity],
    [{ unitPrice: '-1' }, tradeMessages.unitPrice],
    [{ unitPrice: '1,000' }, tradeMessages.unitPrice],
    [{ unitPrice: '' }, tradeMessages.unitPrice],
    [{ side: 'short' }, tradeMessages.side],
    [{ kind: 'sector' }, tradeMessages.kind],
    [{ item: '  ' }, tradeMessages.item],
    [{ item: 'x'.repeat(101) }, tradeMessages.item],
    [{ at: '2026-02-31' }, tradeMessages.at],
    [{ at: '2026-11-28 10:00' }, tradeMessages.at],
    [{ at: 'yesterday' }, tradeMessages.at],
  ])('%p → %p', (change, message) => {
    expect(readTrade({ ...ok, ...change }, now).errors).toEqual([message]);
  });
  it.each([
    ['2026-11-26', '2026-11-26T00:00:00Z'],
    ['2026-11-26T10:05:30Z', '2026-11-26T10:05:30Z'],
    ['2026-11-26T10:05+01:00', '2026-11-26T09:05:00Z'],
  ])('time %p is %p', (text, iso) => {
    expect(readTradeTime(text)).toBe(Date.parse(iso));
  });
});

describe('sellExceedsHolding (no short selling, in time order)', () => {
  it.each([
    [[t('buy', 'Flour', 5, 1, 1), t('sell', 'Flour', 5, 1, 2)], null],
    [[t('buy', 'Flour', 5, 1, 2), t('sell', 'Flour', 5, 1, 1)], 0],
    [[t('buy', 'Flour', 5, 1, 1), t('sell', 'Flour', 6, 1, 2)], 5],
    [[t('buy', 'Flour', 5, 1, 1, 'product'), t('sell', 'Flour', 1, 1, 2)], 0],
  ])('%p → held %p', (trades, held) => {
    expect(sellExceedsHolding(trades)?.held ?? null).toBe(held);
  });
});

describe('planTradeImport (dry run: refused lines named by number, nothing lost)', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  const header = 'time,side,kind,item,quantity,unit price\r\n';
  it('accepts good lines and names each refused one by its line number', () => {
    const text =
      header +
      '2026-11-20 10:00,buy,material,Flour,10,2\r\n' + // line 2
      '2026-11-21 10:00,buy,material,Flour,-4,2\r\n' + // line 3: quantity
      '\r\n' + // line 4: blank, skipped
      '2026-11-22 10:00,sell,material,Flour,30,3\r\n' + // line 5: sells more than held
      '"2026-11-23 10:00",buy,product,"Bread, large",1,20\r\n' + // line 6: quoted comma
      'not,enough\r\n'; // line 7
    const plan = planTradeImport(text, text.length, [], now);
    expect(plan.fileError).toBeNull();
    expect(plan.accepted.map((a) => [a.line, a.trade.item])).toEqual([
      [2, 'Flour'],
      [6, 'Bread, large'],
    ]);
    expect(plan.refused).toEqual([
      { line: 3, reasons: [tradeMessages.quantity] },
      { line: 5, reasons: [tradeMessages.exceeds('Flour', 10)] },
      { line: 7, reasons: [tradeMessages.columns(2)] },
    ]);
  });
  it('counts the book when checking sells', () => {
    const text = `${header}2026-11-22 10:00,sell,material,Flour,3,3\r\n`;
    expect(planTradeImport(text, text.length, [t('buy', 'Flour', 3, 1, 1)], now).accepted).toHaveLength(1);
  });
  it.each([
    ['too large', header, MAX_TRADE_IMPORT_BYTES + 1, tradeMessages.fileTooLarge],
    ['no header', '2026-11-22 10:00,sell,material,Flour,3,3\r\n', 40, tradeMessages.header],
    ['unclosed quote', `${header}2026-11-22,buy,material,"Flour,3,3\r\n`, 60, 'Line 2: a quoted field is never closed.'],
  ])('%s → nothing imported', (_name, text, bytes, message) => {
    expect(planTradeImport(text, bytes, [], now)).toEqual({ accepted: [], refused: [], fileError: message });
  });
});

describe('parseCsv (reads what toCsv writes)', () => {
  it.each([
    ['\uFEFFa,b\r\n1,2\r\n', [[1, ['a', 'b']], [2, ['1', '2']]]],
    ['a\n"x\ny",z\nlast', [[1, ['a']], [2, ['x\ny', 'z']], [4, ['last']]]],
    ['"He said ""hi""",\'=SUM(A1)', [[1, ['He said "hi"', '=SUM(A1)']]]],
  ])('%p', (text, expected) => {
    expect(parseCsv(text).records.map((r) => [r.line, r.fields])).toEqual(expected);
  });
});

describe('the trades CSV round trip (export with toCsv, import with planTradeImport)', () => {
  it('imports what it exports, text guarded against formulas included', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    const trades = [t('buy', '=Flour, fine', 10, 2.5, Date.parse('2026-11-20T10:05:00Z')), t('sell', 'Flour "B"', 1, 0, Date.parse('2026-11-21T00:00:00Z'), 'product')];
    const book = [t('buy', 'Flour "B"', 1, 1, 0, 'product')];
    const text = CSV_BOM + toCsv(trades, TRADE_CSV_COLUMNS);
    expect(text.split('\r\n')[0]).toBe(`${CSV_BOM}time,side,kind,item,quantity,unit price`);
    const plan = planTradeImport(text, text.length, book, now);
    expect(plan.refused).toEqual([]);
    expect(plan.accepted.map((a) => a.trade)).toEqual(trades);
    expect(formatTradeTime(Date.parse('2026-11-20T10:05:00Z'))).toBe('2026-11-20 10:05');
  });
});
