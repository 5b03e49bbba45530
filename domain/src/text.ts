/** Text rules: slugs, product document ids, names and quantities. */

/**
 * SPEC.md section 5 "Adding": lowercase, trim, drop every character other than letters, digits, spaces and
 * hyphens, spaces → hyphens, repeated hyphens collapsed, edge hyphens trimmed.
 * Decision: accented Latin letters are folded to their base letter first ('Caffè' → 'caffe'), so Italian
 * names keep their letters while slugs stay plain ASCII for URLs; other non-ASCII characters (and '_')
 * are dropped.
 */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** SPEC.md section 7: category + '_' + name, lowercased, every character other than a-z, 0-9 or '_' → '_'. */
export function productDocumentId(category: string, name: string): string {
  // Code point by code point (the u flag), as firestore.rules' replace() checks it on create.
  return `${category}_${name}`.toLowerCase().replace(/[^a-z0-9_]/gu, '_');
}

/** The materials picker stores names with an upper-case first letter ('ferro' → 'Ferro'); input is trimmed. */
export function upperFirst(s: string): string {
  const t = s.trim();
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/**
 * A required-materials quantity: whole numbers only (fractions truncated). 0 or less, empty or unparsable
 * input gives null, which means "remove the material".
 */
export function parseWholeQuantity(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  const n = typeof input === 'number' ? input : input.trim() === '' ? NaN : Number(input.trim());
  if (!Number.isFinite(n)) return null;
  const whole = Math.trunc(n);
  return whole > 0 ? whole : null;
}
