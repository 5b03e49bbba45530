/**
 * The header search: matching typed text against the catalogue index (./catalog-index.ts), in memory.
 *
 * Rules (tables in search-catalog.test.ts):
 * - Case, accents and punctuation are ignored ('CAFFÈ' finds 'Caffè'; 'solar-panel' finds 'Solar Panel').
 * - Every typed word must match a word of the entry's name, slug or sector: exactly, as its start, inside it,
 *   or, for words of 4 letters or more, within one typo (two from 8 letters) of the start of a word. A typo
 *   is a wrong, missing, extra or swapped letter ('solr' and 'sloar' find 'Solar').
 * - Better matches first: exact word, then word start, then inside a word, then typo; a name match beats a
 *   sector-only match; ties by name.
 * - Results come grouped by kind (products, materials, sectors), each group capped (SEARCH_GROUP_LIMITS).
 *
 * Speed: the index is prepared once (normalised words per entry), so a keystroke is one pass over the entries
 * with cheap checks first and the bounded edit distance only for words that did not match otherwise.
 */
import type { CatalogIndexEntry } from './catalog-index';

export type SearchResultKind = 'product' | 'material' | 'sector';

export interface SearchResult {
  kind: SearchResultKind;
  /** Stable key for lists: kind + id. */
  key: string;
  name: string;
  /** Product or material: the detail route's slug; sector: the sector name (for ?sector=). */
  slug: string;
  /** Products: their sector. */
  sector?: string;
}

export interface SearchResults {
  products: SearchResult[];
  materials: SearchResult[];
  sectors: SearchResult[];
  /** How many matched in all, before the caps. */
  total: number;
}

export const SEARCH_GROUP_LIMITS: Readonly<Record<SearchResultKind, number>> = Object.freeze({
  product: 8,
  material: 5,
  sector: 4,
});

/** Fewer typed characters than this give no results (one letter matches half the catalogue). */
export const SEARCH_MIN_CHARS = 2;

interface PreparedEntry {
  result: SearchResult;
  /** Words of the name and slug. */
  nameWords: string[];
  /** Words of the sector (products) — matched too, ranked below name matches. */
  sectorWords: string[];
  sortName: string;
}

export interface PreparedCatalog {
  readonly entries: readonly PreparedEntry[];
  readonly size: number;
}

/** Lower case, accents folded, anything but letters and digits → a space. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function words(text: string): string[] {
  const normalized = normalizeSearchText(text);
  return normalized === '' ? [] : normalized.split(' ');
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}

/** Turns index entries into searchable entries, sectors (the products' categories) included. */
export function prepareCatalog(entries: readonly CatalogIndexEntry[]): PreparedCatalog {
  const prepared: PreparedEntry[] = [];
  const sectors = new Map<string, string>();
  for (const e of entries) {
    const kind: SearchResultKind = e.k === 'p' ? 'product' : 'material';
    const sector = e.k === 'p' ? e.c : undefined;
    if (sector) sectors.set(sector.toLowerCase(), sectors.get(sector.toLowerCase()) ?? sector);
    prepared.push({
      result: { kind, key: `${kind}:${e.id}`, name: e.n, slug: e.s, ...(sector ? { sector } : {}) },
      nameWords: unique([...words(e.n), ...words(e.s)]),
      sectorWords: sector ? words(sector) : [],
      sortName: normalizeSearchText(e.n),
    });
  }
  for (const sector of sectors.values()) {
    prepared.push({
      result: { kind: 'sector', key: `sector:${sector}`, name: sector, slug: sector },
      nameWords: words(sector),
      sectorWords: [],
      sortName: normalizeSearchText(sector),
    });
  }
  return { entries: prepared, size: prepared.length };
}

/** Typos allowed for a typed word: none under 4 letters, 1 from 4, 2 from 8. */
export function allowedTypos(word: string): number {
  if (word.length >= 8) return 2;
  if (word.length >= 4) return 1;
  return 0;
}

/**
 * Optimal string alignment distance (Damerau–Levenshtein with adjacent swaps) between `a` and `b`, giving up
 * (returning max + 1) as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  let prevPrev = new Array<number>(cols).fill(0);
  let prev = Array.from({ length: cols }, (_, j) => j);
  for (let i = 1; i < rows; i++) {
    const row = new Array<number>(cols);
    row[0] = i;
    let rowMin = row[0];
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prevPrev[j - 2] + 1);
      row[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[cols - 1];
}

/** Match quality of one typed word against one indexed word: 0 exact … 3 typo, or -1 for no match. */
export function wordMatch(typed: string, word: string): number {
  if (word === typed) return 0;
  if (word.startsWith(typed)) return 1;
  if (typed.length >= 3 && word.includes(typed)) return 2;
  const typos = allowedTypos(typed);
  if (typos === 0) return -1;
  // Compare with the start of the word (the typed word may be a partial one) of about the typed length.
  for (let len = typed.length - typos; len <= typed.length + typos; len++) {
    if (len < 1 || len > word.length) continue;
    if (editDistance(typed, word.slice(0, len), typos) <= typos) return 3;
  }
  return -1;
}

/** Best match of a typed word among `candidates`, or -1. */
function bestMatch(typed: string, candidates: readonly string[]): number {
  let best = -1;
  for (const word of candidates) {
    const m = wordMatch(typed, word);
    if (m === 0) return 0;
    if (m !== -1 && (best === -1 || m < best)) best = m;
  }
  return best;
}

/** Score of an entry (lower is better) or -1 when a typed word matches none of its words. */
function scoreEntry(typedWords: readonly string[], entry: PreparedEntry): number {
  let score = 0;
  for (const typed of typedWords) {
    const inName = bestMatch(typed, entry.nameWords);
    if (inName !== -1) {
      score += inName;
      continue;
    }
    const inSector = bestMatch(typed, entry.sectorWords);
    if (inSector === -1) return -1;
    score += inSector + 4;
  }
  return score;
}

export const NO_RESULTS: SearchResults = Object.freeze({ products: [], materials: [], sectors: [], total: 0 }) as SearchResults;

export function searchCatalog(catalog: PreparedCatalog, text: string): SearchResults {
  const typedWords = words(text);
  if (typedWords.join('').length < SEARCH_MIN_CHARS) return NO_RESULTS;
  const hits: Array<{ entry: PreparedEntry; score: number }> = [];
  for (const entry of catalog.entries) {
    const score = scoreEntry(typedWords, entry);
    if (score !== -1) hits.push({ entry, score });
  }
  hits.sort((a, b) => a.score - b.score || (a.entry.sortName < b.entry.sortName ? -1 : a.entry.sortName > b.entry.sortName ? 1 : 0));
  const groups: Record<SearchResultKind, SearchResult[]> = { product: [], material: [], sector: [] };
  for (const { entry } of hits) {
    const group = groups[entry.result.kind];
    if (group.length < SEARCH_GROUP_LIMITS[entry.result.kind]) group.push(entry.result);
  }
  return { products: groups.product, materials: groups.material, sectors: groups.sector, total: hits.length };
}
