/**
 * The trade book: a signed-in player's own buys and sells, their holdings valued at today's prices, realised and
 * unrealised profit and loss, and ROI, per item and in total.
 *
 * Decisions (the spec has no trade book):
 * - **Average cost.** A buy adds its quantity and its cost (quantity × unit price) to the item's holding; a sell
 *   realises (unit price − average cost) × quantity and takes average cost × quantity out of the cost basis, so the
 *   average cost of what is left does not change. Chosen over FIFO because the game's warehouse does not tell lots
 *   apart, and it gives the same realised total whatever order same-priced units are sold in.
 * - Trades apply in time order (ties: the order they were recorded). A sell of more than is held at that moment
 *   (short selling: the game has none) is refused when entered or imported (`sellExceedsHolding`), never booked.
 * - Unrealised P&L = quantity held × current price − cost basis; an item without a current price (not in the
 *   catalogue any more, or not loaded) has no value and no unrealised P&L (null), and the totals say so (null).
 * - ROI = (realised + unrealised) ÷ total bought cost × 100; none (null) when nothing was bought at a cost above 0.
 * - Limits: quantity above 0 and at most MAX_TRADE_QUANTITY; unit price 0 or above and at most MAX_TRADE_PRICE;
 *   item names 1–100 characters; at most MAX_TRADES trades in a book; an import file at most MAX_TRADE_IMPORT_BYTES.
 */
import { parseCsv } from './csv';
// Not toLocaleString: these messages are built when the module loads, at a page's start-up (en-us-number.ts says why).
import { formatEnUsNumber } from './format/en-us-number';

export type TradeSide = 'buy' | 'sell';
export type TradeKind = 'product' | 'material';

export const MAX_TRADE_QUANTITY = 1_000_000_000;
export const MAX_TRADE_PRICE = 1_000_000_000_000;
export const MAX_TRADE_ITEM_LENGTH = 100;
export const MAX_TRADES = 2000;
export const MAX_TRADE_IMPORT_BYTES = 512 * 1024;

export interface TradeInput {
  kind: TradeKind;
  /** The product's or material's name. */
  item: string;
  side: TradeSide;
  quantity: number;
  unitPrice: number;
  /** Epoch milliseconds of the trade. */
  at: number;
}

export interface Trade extends TradeInput {
  id: string;
}

export interface Position {
  kind: TradeKind;
  item: string;
  quantity: number;
  /** Σ cost of the units still held (average cost × quantity). */
  costBasis: number;
  /** costBasis ÷ quantity; null when nothing is held. */
  averageCost: number | null;
  boughtCost: number;
  realised: number;
  currentPrice: number | null;
  /** quantity × currentPrice; null without a current price. */
  value: number | null;
  unrealised: number | null;
  roiPercent: number | null;
}

export interface TradeBookSummary {
  positions: Position[];
  boughtCost: number;
  realised: number;
  /** null when an item still held has no current price. */
  value: number | null;
  unrealised: number | null;
  roiPercent: number | null;
}

/** The same item is the same kind and name. */
export const itemKey = (t: Pick<TradeInput, 'kind' | 'item'>) => `${t.kind}:${t.item}`;

const roi = (profit: number | null, bought: number) => (profit === null || !(bought > 0) ? null : (profit / bought) * 100);

/** Trades in the order they apply: by time, ties in recorded order. */
export function inTradeOrder<T extends TradeInput>(trades: readonly T[]): T[] {
  return trades.map((t, i) => ({ t, i })).sort((a, b) => a.t.at - b.t.at || a.i - b.i).map(({ t }) => t);
}

/** Every position and the totals, by average cost (see the decisions above). */
export function tradeBook(trades: readonly TradeInput[], priceOf: (kind: TradeKind, item: string) => number | null): TradeBookSummary {
  const held = new Map<string, { kind: TradeKind; item: string; quantity: number; costBasis: number; boughtCost: number; realised: number }>();
  for (const t of inTradeOrder(trades)) {
    const key = itemKey(t);
    let p = held.get(key);
    if (!p) {
      p = { kind: t.kind, item: t.item, quantity: 0, costBasis: 0, boughtCost: 0, realised: 0 };
      held.set(key, p);
    }
    if (t.side === 'buy') {
      p.quantity += t.quantity;
      p.costBasis += t.quantity * t.unitPrice;
      p.boughtCost += t.quantity * t.unitPrice;
    } else {
      const sold = Math.min(t.quantity, p.quantity);
      const average = p.quantity > 0 ? p.costBasis / p.quantity : 0;
      p.realised += (t.unitPrice - average) * sold;
      p.costBasis -= average * sold;
      p.quantity -= sold;
      if (p.quantity === 0) p.costBasis = 0;
    }
  }
  const positions: Position[] = [...held.values()].map((p) => {
    const currentPrice = priceOf(p.kind, p.item);
    const value = p.quantity === 0 ? 0 : currentPrice === null ? null : p.quantity * currentPrice;
    const unrealised = value === null ? null : value - p.costBasis;
    return {
      ...p,
      averageCost: p.quantity > 0 ? p.costBasis / p.quantity : null,
      currentPrice,
      value,
      unrealised,
      roiPercent: roi(unrealised === null ? null : p.realised + unrealised, p.boughtCost),
    };
  });
  positions.sort((a, b) => a.item.localeCompare(b.item) || a.kind.localeCompare(b.kind));
  const boughtCost = positions.reduce((s, p) => s + p.boughtCost, 0);
  const realised = positions.reduce((s, p) => s + p.realised, 0);
  const known = positions.every((p) => p.value !== null);
  const value = known ? positions.reduce((s, p) => s + (p.value ?? 0), 0) : null;
  const unrealised = known ? positions.reduce((s, p) => s + (p.unrealised ?? 0), 0) : null;
  return { positions, boughtCost, realised, value, unrealised, roiPercent: roi(unrealised === null ? null : realised + unrealised, boughtCost) };
}

/** Texts of refused input: one home, used by the form, the import and the tests. */
export const tradeMessages = {
  item: `Name the product or material (1–${MAX_TRADE_ITEM_LENGTH} characters).`,
  kind: 'The kind must be product or material.',
  side: 'The side must be buy or sell.',
  quantity: `The quantity must be a number above 0 and at most ${formatEnUsNumber(MAX_TRADE_QUANTITY, 0)}.`,
  unitPrice: `The unit price must be a number from 0 to ${formatEnUsNumber(MAX_TRADE_PRICE, 0)} SBC.`,
  at: 'The time must be a date such as 2026-11-27 14:30 (UTC) and not in the future.',
  exceeds: (item: string, held: number) => `That sells more ${item} than you hold then (${held}).`,
  tooMany: `A trade book holds at most ${formatEnUsNumber(MAX_TRADES, 0)} trades.`,
  fileTooLarge: `The file is larger than ${MAX_TRADE_IMPORT_BYTES / 1024} KB: split it and import each part.`,
  header: 'The first line must name the columns: time, side, kind, item, quantity, unit price.',
  columns: (n: number) => `The line has ${n} fields; 6 are expected (time, side, kind, item, quantity, unit price).`,
} as const;

/** Raw fields as typed or read from a file. */
export interface TradeFields {
  kind: string;
  item: string;
  side: string;
  quantity: string;
  unitPrice: string;
  /** 'YYYY-MM-DD HH:MM' or ISO 8601; without a zone it is UTC. */
  at: string;
}

/** A number as typed: plain decimal notation with an optional '.' fraction (no grouping, no exponent). */
function readDecimal(text: string): number | null {
  const t = text.trim();
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : null;
}

/** 'YYYY-MM-DD', 'YYYY-MM-DD HH:MM[:SS]' (UTC) or an ISO 8601 time with a zone; null when it is not a date. */
export function readTradeTime(text: string): number | null {
  const t = text.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:\d{2})?$/.exec(t);
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}${m[7] ?? 'Z'}`;
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return null;
  // Date.parse rolls 2026-02-31 over to March: refuse dates that are not on the calendar.
  const d = new Date(Date.parse(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`));
  return d.getUTCDate() === Number(m[3]) && d.getUTCMonth() + 1 === Number(m[2]) ? ms : null;
}

/** The trade, or the reasons it is refused (every field checked; `now` bounds the time). */
export function readTrade(fields: TradeFields, now: number): { trade: TradeInput; errors: [] } | { trade: null; errors: string[] } {
  const errors: string[] = [];
  const item = fields.item.trim();
  const kind = fields.kind.trim().toLowerCase();
  const side = fields.side.trim().toLowerCase();
  const quantity = readDecimal(fields.quantity);
  const unitPrice = readDecimal(fields.unitPrice);
  const at = readTradeTime(fields.at);
  if (kind !== 'product' && kind !== 'material') errors.push(tradeMessages.kind);
  if (item === '' || item.length > MAX_TRADE_ITEM_LENGTH) errors.push(tradeMessages.item);
  if (side !== 'buy' && side !== 'sell') errors.push(tradeMessages.side);
  if (quantity === null || !(quantity > 0) || quantity > MAX_TRADE_QUANTITY) errors.push(tradeMessages.quantity);
  if (unitPrice === null || unitPrice > MAX_TRADE_PRICE) errors.push(tradeMessages.unitPrice);
  if (at === null || at > now) errors.push(tradeMessages.at);
  if (errors.length > 0) return { trade: null, errors };
  return { trade: { kind: kind as TradeKind, item, side: side as TradeSide, quantity: quantity!, unitPrice: unitPrice!, at: at! }, errors: [] };
}

/**
 * The first sell (in trade order) that sells more than is held at that moment, or null. Used before booking a new
 * trade or an import, with the book's trades and the new ones together.
 */
export function sellExceedsHolding(trades: readonly TradeInput[]): { trade: TradeInput; held: number } | null {
  const held = new Map<string, number>();
  for (const t of inTradeOrder(trades)) {
    const key = itemKey(t);
    const before = held.get(key) ?? 0;
    if (t.side === 'sell' && t.quantity > before + 1e-9) return { trade: t, held: before };
    held.set(key, t.side === 'buy' ? before + t.quantity : before - t.quantity);
  }
  return null;
}

export const TRADE_CSV_HEADER = ['time', 'side', 'kind', 'item', 'quantity', 'unit price'] as const;

export interface ImportPlan {
  accepted: Array<{ line: number; trade: TradeInput }>;
  refused: Array<{ line: number; reasons: string[] }>;
  /** A problem with the whole file (too large, no header, an unclosed quote): nothing is imported. */
  fileError: string | null;
}

/**
 * The dry run of a CSV import: every line read and checked, each refused one named by its line number with its
 * reasons; nothing is written. Lines are checked alone, then the accepted ones together with the book (a sell
 * that would exceed the holding is refused by line). `bytes` is the file's size.
 */
export function planTradeImport(text: string, bytes: number, book: readonly TradeInput[], now: number): ImportPlan {
  const empty = (fileError: string): ImportPlan => ({ accepted: [], refused: [], fileError });
  if (bytes > MAX_TRADE_IMPORT_BYTES) return empty(tradeMessages.fileTooLarge);
  const { records, error } = parseCsv(text);
  if (error) return empty(error.message);
  const [header, ...rows] = records;
  const names = header?.fields.map((f) => f.trim().toLowerCase()) ?? [];
  if (names.length !== TRADE_CSV_HEADER.length || TRADE_CSV_HEADER.some((n, i) => names[i] !== n)) return empty(tradeMessages.header);
  const accepted: ImportPlan['accepted'] = [];
  const refused: ImportPlan['refused'] = [];
  for (const row of rows) {
    if (row.fields.length !== TRADE_CSV_HEADER.length) {
      refused.push({ line: row.line, reasons: [tradeMessages.columns(row.fields.length)] });
      continue;
    }
    const [at, side, kind, item, quantity, unitPrice] = row.fields as [string, string, string, string, string, string];
    const read = readTrade({ at, side, kind, item, quantity, unitPrice }, now);
    if (read.trade) accepted.push({ line: row.line, trade: read.trade });
    else refused.push({ line: row.line, reasons: read.errors });
  }
  // Sells that would exceed the holding, with the book: refused one by one until none is left.
  for (;;) {
    const over = sellExceedsHolding([...book, ...accepted.map((a) => a.trade)]);
    const index = over ? accepted.findIndex((a) => a.trade === over.trade) : -1;
    if (!over || index < 0) break;
    refused.push({ line: accepted[index]!.line, reasons: [tradeMessages.exceeds(over.trade.item, over.held)] });
    accepted.splice(index, 1);
  }
  if (book.length + accepted.length > MAX_TRADES) return empty(tradeMessages.tooMany);
  refused.sort((a, b) => a.line - b.line);
  return { accepted, refused, fileError: null };
}

/**
 * The stored book's trades (tradeBooks/{uid}.trades), each checked as the page checks input: an entry that is
 * not a whole trade (written by a different page version, or by hand) is dropped, never guessed.
 */
export function readTrades(raw: unknown): Trade[] {
  if (!Array.isArray(raw)) return [];
  const trades: Trade[] = [];
  for (const entry of raw) {
    if (typeof entry !== 'object' || entry === null) continue;
    const e = entry as Record<string, unknown>;
    const ok =
      typeof e.id === 'string' &&
      (e.kind === 'product' || e.kind === 'material') &&
      typeof e.item === 'string' &&
      e.item.trim() !== '' &&
      e.item.length <= MAX_TRADE_ITEM_LENGTH &&
      (e.side === 'buy' || e.side === 'sell') &&
      typeof e.quantity === 'number' &&
      e.quantity > 0 &&
      e.quantity <= MAX_TRADE_QUANTITY &&
      typeof e.unitPrice === 'number' &&
      e.unitPrice >= 0 &&
      e.unitPrice <= MAX_TRADE_PRICE &&
      typeof e.at === 'number' &&
      Number.isFinite(e.at);
    if (ok) trades.push({ id: e.id as string, kind: e.kind as TradeKind, item: e.item as string, side: e.side as TradeSide, quantity: e.quantity as number, unitPrice: e.unitPrice as number, at: e.at as number });
  }
  return trades;
}

/** A trade's time as the page shows it and the CSV holds it: 'YYYY-MM-DD HH:MM' in UTC (readTradeTime reads it back). */
export function formatTradeTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}

/** The CSV export of the trades: the import's columns in its order, so an exported book imports again. */
export const TRADE_CSV_COLUMNS: ReadonlyArray<{ label: (typeof TRADE_CSV_HEADER)[number]; value: (t: TradeInput) => string | number }> = [
  { label: 'time', value: (t) => formatTradeTime(t.at) },
  { label: 'side', value: (t) => t.side },
  { label: 'kind', value: (t) => t.kind },
  { label: 'item', value: (t) => t.item },
  { label: 'quantity', value: (t) => t.quantity },
  { label: 'unit price', value: (t) => t.unitPrice },
];
