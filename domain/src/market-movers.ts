/**
 * Movers (issue 37): the biggest risers and fallers by price, request index and supply since the previous market
 * period, over 24 hours and over 7 days, overall and per sector, computed from the recorded history
 * (./market-history.ts). Pure: the recording function computes them once per update and stores one document
 * (marketMovers/latest), which the home page's panel and the API read.
 *
 * Decisions:
 * - A move is relative: (now − then) ÷ then, so a 2 SBC item and a 2,000 SBC item compare. An item whose
 *   figure then was 0 or missing, or is missing now, has no move for that figure; an unchanged one is no mover.
 * - A window's baseline is the latest recorded point at or before its start (now − 24 h, now − 7 days; the previous
 *   period: the latest point before now). No point that old: the window is null ("not enough history yet"), rather
 *   than a shorter window under its name. A baseline more than MOVERS_BASELINE_SLACK older than its start is too old.
 * - Ties: the larger absolute move, then the name (English collation), then the key.
 * - Materials form the sector "materials" (their families are not stored on the documents).
 */
import type { HistoryFigures, HistoryItems } from './market-history';

export const MOVER_METRICS = ['price', 'requestIndex', 'supply'] as const;
export type MoverMetric = (typeof MOVER_METRICS)[number];
export const MOVER_WINDOWS = ['period', 'day', 'week'] as const;
export type MoverWindow = (typeof MOVER_WINDOWS)[number];
export const MOVER_WINDOW_LABELS: Record<MoverWindow, string> = { period: 'Since the previous update', day: '24 hours', week: '7 days' };
export const MOVER_METRIC_LABELS: Record<MoverMetric, string> = { price: 'Price', requestIndex: 'Request index', supply: 'Supply' };
/** Risers and fallers kept per metric: overall, and per sector. */
export const MOVERS_TOP = 5;
export const MOVERS_TOP_PER_SECTOR = 3;
export const MATERIALS_SECTOR = 'materials';
const HOUR_MS = 3_600_000;
export const MOVER_WINDOW_MS: Record<Exclude<MoverWindow, 'period'>, number> = { day: 24 * HOUR_MS, week: 7 * 24 * HOUR_MS };
/** How much older than its start a baseline may be (a missed update or two). */
export const MOVERS_BASELINE_SLACK_MS = 2 * HOUR_MS;

export interface MoverItemInfo {
  name: string;
  sector: string;
}

export interface Mover {
  /** 'p/<slug>' or 'm/<material name>'. */
  key: string;
  name: string;
  sector: string;
  from: number;
  to: number;
  /** (to − from) ÷ from: 0.05 is +5 %. */
  change: number;
}

export interface MoverLists {
  risers: Mover[];
  fallers: Mover[];
}

export type MoversByMetric = Record<MoverMetric, MoverLists>;

export interface WindowMovers {
  /** When the baseline was recorded (ISO 8601), null when the window has no baseline yet. */
  since: string | null;
  overall: MoversByMetric | null;
  sectors: Record<string, MoversByMetric>;
}

export interface MarketMovers {
  /** The market update they are computed at (ISO 8601). */
  at: string;
  windows: Record<MoverWindow, WindowMovers>;
}

const METRIC_INDEX: Record<MoverMetric, 0 | 1 | 2> = { price: 0, requestIndex: 1, supply: 2 };
/** Names in English order; built on first use (a collator loads locale data: never at a page's start-up). */
let nameOrder: Intl.Collator | undefined;
function compareNames(a: string, b: string): number {
  if (!nameOrder) nameOrder = new Intl.Collator('en');
  return nameOrder.compare(a, b);
}

/** The relative move of one figure, or null when it has none (see the decisions above). */
export function relativeMove(from: number | null, to: number | null): number | null {
  if (from === null || to === null || !Number.isFinite(from) || !Number.isFinite(to) || from <= 0 || from === to) return null;
  return (to - from) / from;
}

/** The baseline point of a window: the latest point at or before `start`, if not older than start − slack. */
export function baselineAt<P extends { at: Date }>(points: readonly P[], start: number, slackMs: number = MOVERS_BASELINE_SLACK_MS): P | null {
  let best: P | null = null;
  for (const p of points) {
    const t = p.at.getTime();
    if (t <= start && (!best || t > best.at.getTime())) best = p;
  }
  return best && best.at.getTime() >= start - slackMs ? best : null;
}

function compareMovers(a: Mover, b: Mover): number {
  return Math.abs(b.change) - Math.abs(a.change) || compareNames(a.name, b.name) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/** Risers and fallers of one metric among `keys`, at most `top` each. */
export function moversOf(
  now: HistoryItems,
  then: HistoryItems,
  info: Readonly<Record<string, MoverItemInfo>>,
  metric: MoverMetric,
  top: number,
  keys: readonly string[] = Object.keys(now),
): MoverLists {
  const moves: Mover[] = [];
  const i = METRIC_INDEX[metric];
  for (const key of keys) {
    const current: HistoryFigures | undefined = now[key];
    const before: HistoryFigures | undefined = then[key];
    if (!current || !before) continue;
    const change = relativeMove(before[i], current[i]);
    if (change === null) continue;
    const about = info[key] ?? { name: key.slice(2), sector: '' };
    moves.push({ key, name: about.name, sector: about.sector, from: before[i]!, to: current[i]!, change });
  }
  return {
    risers: moves.filter((m) => m.change > 0).sort(compareMovers).slice(0, top),
    fallers: moves.filter((m) => m.change < 0).sort(compareMovers).slice(0, top),
  };
}

function byMetric(now: HistoryItems, then: HistoryItems, info: Readonly<Record<string, MoverItemInfo>>, top: number, keys?: readonly string[]): MoversByMetric {
  return {
    price: moversOf(now, then, info, 'price', top, keys),
    requestIndex: moversOf(now, then, info, 'requestIndex', top, keys),
    supply: moversOf(now, then, info, 'supply', top, keys),
  };
}

/**
 * The movers at `at` of the items `now`, against the recorded points (any order; the current update's own point
 * may be among them: it is never its own baseline).
 */
export function marketMovers(
  at: Date,
  now: HistoryItems,
  info: Readonly<Record<string, MoverItemInfo>>,
  recorded: ReadonlyArray<{ at: Date; items: HistoryItems }>,
): MarketMovers {
  const t = at.getTime();
  const earlier = recorded.filter((p) => p.at.getTime() < t);
  const starts: Record<MoverWindow, number> = { period: t - 1, day: t - MOVER_WINDOW_MS.day, week: t - MOVER_WINDOW_MS.week };
  const sectorKeys = new Map<string, string[]>();
  for (const key of Object.keys(now)) {
    const sector = info[key]?.sector ?? '';
    sectorKeys.set(sector, [...(sectorKeys.get(sector) ?? []), key]);
  }
  const windows = {} as Record<MoverWindow, WindowMovers>;
  for (const window of MOVER_WINDOWS) {
    const base = window === 'period' ? baselineAt(earlier, starts.period, Number.POSITIVE_INFINITY) : baselineAt(earlier, starts[window]);
    if (!base) {
      windows[window] = { since: null, overall: null, sectors: {} };
      continue;
    }
    const sectors: Record<string, MoversByMetric> = {};
    for (const [sector, keys] of [...sectorKeys].sort((a, b) => compareNames(a[0], b[0]))) {
      sectors[sector] = byMetric(now, base.items, info, MOVERS_TOP_PER_SECTOR, keys);
    }
    windows[window] = { since: base.at.toISOString(), overall: byMetric(now, base.items, info, MOVERS_TOP), sectors };
  }
  return { at: at.toISOString(), windows };
}

/** A stored movers document read back; null when it is not one (missing, or another shape). */
export function readMarketMovers(raw: unknown): MarketMovers | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const value = raw as Partial<MarketMovers>;
  if (typeof value.at !== 'string' || typeof value.windows !== 'object' || value.windows === null) return null;
  for (const window of MOVER_WINDOWS) {
    const w = (value.windows as Record<string, unknown>)[window];
    if (typeof w !== 'object' || w === null) return null;
  }
  return value as MarketMovers;
}
