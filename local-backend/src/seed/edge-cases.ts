/**
 * The records that exercise the spec's edge cases. They are ordinary catalog items, always generated (whatever
 * the sizes), then overridden here so that tests and e2e journeys can address them by name and slug:
 *
 * | Record (slug)                    | Exercises                                                                     |
 * |----------------------------------|-------------------------------------------------------------------------------|
 * | Espresso Machine (espresso-machine)  | no image: `image_url` field absent → placeholder                          |
 * | Bottled Water (bottled-water)    | constant price history: 30 equal lastvqvalue → 'No Price / Trend Data'        |
 * | Prototype Drone (prototype-drone)| empty lastvqvalue → price chart hidden / 'No Price / Trend Data'              |
 * | Firewood Bundle (firewood-bundle)| empty requested_materials → 'No material breakdown available.'                |
 * | Diesel Generator (diesel-generator) | enabled false → 'Suspended'                                               |
 * | Cotton T-Shirt (cotton-t-shirt)  | talent_required null (the form's 'None')                                      |
 * | Clay Brick (clay-brick)          | talent_required absent → reader default 'unknown'                             |
 * | Mystery Crate (mystery-crate)    | category absent → 'uncategorized': in no sector; its stat row is dropped      |
 * | Solar Panel (solar-panel)        | document id 'energy_solar_panel' ≠ slug → lookup by slug query               |
 * | Electric Scooter (electric-scooter) | 20-char auto id (added through addDoc) → only the slug query finds it      |
 * | Leather Handbag (leather-handbag)| legacy record whose document id is the slug → direct document read            |
 *
 * Materials:
 *
 * | Record   | Exercises                                                                  |
 * |----------|----------------------------------------------------------------------------|
 * | Graphite | cyclecount 0 (averagePerDay = amount); no movement: every delta 0 (grey)   |
 * | Copper   | decrease versus previous in quantity and unit price (red deltas)           |
 * | Zinc     | a unit price change of 0.0003 (< 0.0005, shown as 0)                       |
 *
 * Besides these, the random draws make `talent_required` null and `enabled` false for a few more products, and
 * give most products no image (a few get an inline SVG data: URL, never an external address).
 */

export type ProductIdRule = 'category_name' | 'slug' | 'auto';

export interface ProductEdgeCase {
  name: string;
  category: string;
  exercises: string;
  /** How the document id is made; the default rule is 'category_name'. */
  idRule?: ProductIdRule;
  apply?: (data: Record<string, unknown>) => void;
}

export const PRODUCT_EDGE_CASES: readonly ProductEdgeCase[] = [
  {
    name: 'Espresso Machine',
    category: 'electronics',
    exercises: 'image_url absent',
    apply: (d) => void delete d.image_url,
  },
  {
    name: 'Bottled Water',
    category: 'food',
    exercises: 'constant price history',
    apply: (d) => {
      d.lastvqvalue = (d.lastvqvalue as number[]).map(() => d.average_market_price as number);
    },
  },
  {
    name: 'Prototype Drone',
    category: 'electronics',
    exercises: 'empty lastvqvalue',
    apply: (d) => {
      d.lastvqvalue = [];
    },
  },
  {
    name: 'Firewood Bundle',
    category: 'energy',
    exercises: 'empty requested_materials',
    apply: (d) => {
      d.requested_materials = {};
    },
  },
  {
    name: 'Diesel Generator',
    category: 'energy',
    exercises: 'enabled false',
    apply: (d) => {
      d.enabled = false;
    },
  },
  {
    name: 'Cotton T-Shirt',
    category: 'textiles',
    exercises: 'talent_required null',
    apply: (d) => {
      d.talent_required = null;
    },
  },
  {
    name: 'Clay Brick',
    category: 'construction',
    exercises: "talent_required absent (reader default 'unknown')",
    apply: (d) => void delete d.talent_required,
  },
  {
    name: 'Mystery Crate',
    category: 'uncategorized',
    exercises: "category absent (reader default 'uncategorized', shown in no sector)",
    idRule: 'slug',
    apply: (d) => void delete d.category,
  },
  {
    name: 'Solar Panel',
    category: 'energy',
    exercises: 'document id differs from slug (category_name rule)',
    idRule: 'category_name',
  },
  {
    name: 'Electric Scooter',
    category: 'automotive',
    exercises: 'auto-generated document id, found only by the slug query',
    idRule: 'auto',
    apply: (d) => {
      d.originalPath = '';
    },
  },
  {
    name: 'Leather Handbag',
    category: 'luxury',
    exercises: 'legacy document id equal to the slug',
    idRule: 'slug',
  },
];

/** 'Mystery Crate' is not a catalog item: its sector does not exist, on purpose. */
export const UNCATEGORIZED_ITEM = 'Mystery Crate|35';

export interface MaterialEdgeCase {
  name: string;
  exercises: string;
  apply: (data: Record<string, unknown>) => void;
}

export const MATERIAL_EDGE_CASES: readonly MaterialEdgeCase[] = [
  {
    name: 'Graphite',
    exercises: 'cyclecount 0 and no movement since previous or start',
    apply: (d) => {
      d.cyclecount = 0;
      d.lastqty = d.amount;
      d.startqty = d.amount;
      d.lastvalue = d.value;
      d.startvalue = d.value;
    },
  },
  {
    name: 'Copper',
    exercises: 'decrease versus previous (quantity and unit price)',
    apply: (d) => {
      d.lastqty = Math.round((d.amount as number) * 1.12) + 1;
      d.lastvalue = Math.round((d.value as number) * 1.06 * 100) / 100;
    },
  },
  {
    name: 'Zinc',
    exercises: 'unit price change below 0.0005',
    apply: (d) => {
      d.lastvalue = Math.round(((d.value as number) - 0.0003) * 10000) / 10000;
    },
  },
];
