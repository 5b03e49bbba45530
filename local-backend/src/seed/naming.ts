/** Identifier rules the seed shares with the site (SPEC.md §5 "Product service rules" and §7 "Add product"). */
import type { Rng } from './prng';

// The site's own rules, not a copy: seeded slugs and ids must be exactly what the add-product form writes.
export { productDocumentId, slugify } from '@sbc/domain';

const AUTO_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 20-character id shaped like the ones addDoc makes, drawn from the seeded PRNG. */
export function autoId(rng: Rng): string {
  let id = '';
  for (let i = 0; i < 20; i++) id += AUTO_ID_ALPHABET[Math.floor(rng.next() * AUTO_ID_ALPHABET.length)];
  return id;
}

const PALETTE = ['#0ea5e9', '#f59e0b', '#10b981', '#8b5cf6', '#ef4444', '#14b8a6', '#f97316', '#6366f1'];

/**
 * A self-contained SVG icon as a data: URL (≈ 300 characters, under the 500-character image URL limit).
 * The demo never points at external or invented image hosts; the few records with an image use this.
 */
export function iconDataUrl(label: string, colorIndex: number): string {
  const color = PALETTE[colorIndex % PALETTE.length];
  const initial = label.trim().charAt(0).toUpperCase() || '?';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${color}"/>` +
    `<text x="32" y="42" font-family="sans-serif" font-size="28" text-anchor="middle" fill="#fff">${initial}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
