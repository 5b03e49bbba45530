/** The materials collection: which catalog materials are picked, and their stock figures. */
import { MATERIAL_CATALOG, MATERIAL_FAMILIES, type MaterialFamily, type MaterialSpec } from './catalog/materials';
import { MATERIAL_EDGE_CASES } from './edge-cases';
import { iconDataUrl } from './naming';
import type { Rng } from './prng';

export interface GeneratedMaterial {
  name: string;
  family: MaterialFamily;
  data: Record<string, unknown>;
}

/** Beyond the catalog, further materials are grades of catalog ones ('Recycled Steel', …). */
const GRADES = ['Recycled', 'Refined', 'Premium', 'Industrial', 'Raw', 'Grade B', 'Organic', 'Processed'];

/**
 * Edge-case materials first, then one material per family in turn, so that even a small economy has every
 * family for the sectors' requested materials. The result keeps catalog order (ids follow it).
 */
function selectSpecs(count: number): MaterialSpec[] {
  const chosen = new Set<string>(MATERIAL_EDGE_CASES.map((e) => e.name));
  const queues = MATERIAL_FAMILIES.map((f) => MATERIAL_CATALOG.filter((s) => s.family === f && !chosen.has(s.name)));
  while (chosen.size < Math.min(count, MATERIAL_CATALOG.length)) {
    for (const queue of queues) {
      const next = queue.shift();
      if (next && chosen.size < count) chosen.add(next.name);
    }
  }
  const specs = MATERIAL_CATALOG.filter((s) => chosen.has(s.name));
  for (let round = 0; specs.length < count; round++) {
    const grade = GRADES[round % GRADES.length];
    const series = Math.floor(round / GRADES.length);
    for (const base of MATERIAL_CATALOG) {
      if (specs.length >= count) break;
      const name = series === 0 ? `${grade} ${base.name}` : `${grade} ${base.name} ${series + 1}`;
      specs.push({ ...base, name, value: base.value * (grade === 'Premium' ? 1.4 : 0.8) });
    }
  }
  return specs;
}

/**
 * The family of a material by its name: a catalog material's own, and a grade's ('Recycled Steel', 'Raw Iron 2')
 * its base material's, as selectSpecs names them. null for a name the generator never makes (one an administrator
 * added): the documents do not store the family, so the market advance counts such a material in no family row.
 */
export function materialFamilyOf(name: string): MaterialFamily | null {
  const exact = MATERIAL_CATALOG.find((spec) => spec.name === name);
  if (exact) return exact.family;
  const grade = GRADES.find((g) => name.startsWith(`${g} `));
  if (!grade) return null;
  const base = name.slice(grade.length + 1).replace(/ \d+$/, '');
  return MATERIAL_CATALOG.find((spec) => spec.name === base)?.family ?? null;
}

/** Cheap units keep 4 decimals so that small movements stay visible; others are cents. */
export function materialPrice(value: number): number {
  const factor = value < 10 ? 10000 : 100;
  return Math.round(value * factor) / factor;
}

export function generateMaterials(rng: Rng, count: number): GeneratedMaterial[] {
  return selectSpecs(count).map((spec, index) => {
    const value = materialPrice(spec.value * rng.float(0.85, 1.15));
    const inventoryValue = rng.logFloat(2e5, 6e6);
    const amount = Math.max(1, Math.round(inventoryValue / value));
    const data: Record<string, unknown> = {
      name: spec.name,
      id: index + 1,
      unit: spec.unit,
      spaceRequired: spec.space,
      value,
      amount,
      lastqty: Math.max(0, Math.round(amount * rng.float(0.9, 1.1))),
      lastvalue: materialPrice(value * rng.float(0.95, 1.05)),
      startqty: Math.max(0, Math.round(amount * rng.float(0.5, 1.5))),
      startvalue: materialPrice(value * rng.float(0.7, 1.3)),
      cyclecount: rng.int(1, 240),
    };
    if (index % 15 === 4) data.image_url = iconDataUrl(spec.name, index);
    MATERIAL_EDGE_CASES.find((e) => e.name === spec.name)?.apply(data);
    return { name: spec.name, family: spec.family, data };
  });
}
