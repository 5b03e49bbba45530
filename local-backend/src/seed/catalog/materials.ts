/**
 * Base materials of the demo economy. `family` groups them into marketMaterialStats rows; `value` is a
 * plausible unit price in SBC for the unit given; `space` is warehouse slots per unit.
 */
export type MaterialFamily =
  | 'metals'
  | 'minerals'
  | 'fuels'
  | 'forestry'
  | 'agriculture'
  | 'fibres'
  | 'petrochemicals';

export interface MaterialSpec {
  name: string;
  family: MaterialFamily;
  unit: string;
  value: number;
  space: number;
}

const m = (name: string, family: MaterialFamily, unit: string, value: number, space: number): MaterialSpec => ({
  name,
  family,
  unit,
  value,
  space,
});

export const MATERIAL_CATALOG: readonly MaterialSpec[] = [
  m('Steel', 'metals', 't', 640, 2),
  m('Iron Ore', 'metals', 't', 115, 2.5),
  m('Copper', 'metals', 't', 8450, 1.5),
  m('Aluminium', 'metals', 't', 2300, 2),
  m('Zinc', 'metals', 't', 2650, 1.5),
  m('Nickel', 'metals', 't', 16800, 1.2),
  m('Tin', 'metals', 'kg', 27.5, 0.01),
  m('Lead', 'metals', 't', 2050, 1),
  m('Titanium', 'metals', 'kg', 11.2, 0.01),
  m('Gold', 'metals', 'kg', 62000, 0.001),
  m('Silver', 'metals', 'kg', 760, 0.01),
  m('Lithium', 'metals', 'kg', 14.8, 0.02),
  m('Chromium', 'metals', 'kg', 9.6, 0.01),
  m('Silicon', 'minerals', 'kg', 2.6, 0.01),
  m('Sand', 'minerals', 't', 18, 1.5),
  m('Limestone', 'minerals', 't', 24, 1.5),
  m('Clay', 'minerals', 't', 15, 1.5),
  m('Gravel', 'minerals', 't', 12, 1.5),
  m('Graphite', 'minerals', 'kg', 1.15, 0.01),
  m('Quartz', 'minerals', 'kg', 0.9, 0.01),
  m('Salt', 'minerals', 't', 65, 1),
  m('Phosphate', 'minerals', 't', 140, 1),
  m('Rough Diamonds', 'minerals', 'pcs', 1450, 0.001),
  m('Sulfur', 'minerals', 't', 95, 1),
  m('Uranium', 'minerals', 'kg', 120, 0.02),
  m('Crude Oil', 'fuels', 'l', 0.55, 0.001),
  m('Natural Gas', 'fuels', 'm³', 0.32, 0.001),
  m('Coal', 'fuels', 't', 135, 1.2),
  m('Timber', 'forestry', 'm³', 210, 1.5),
  m('Wood Pulp', 'forestry', 't', 640, 1.5),
  m('Cork', 'forestry', 'kg', 3.2, 0.05),
  m('Natural Rubber', 'forestry', 'kg', 1.7, 0.02),
  m('Wheat', 'agriculture', 't', 240, 1.3),
  m('Corn', 'agriculture', 't', 185, 1.3),
  m('Paddy Rice', 'agriculture', 't', 390, 1.3),
  m('Coffee Beans', 'agriculture', 'kg', 4.9, 0.02),
  m('Cocoa Beans', 'agriculture', 'kg', 7.8, 0.02),
  m('Sugar Cane', 'agriculture', 't', 48, 1.5),
  m('Milk', 'agriculture', 'l', 0.45, 0.001),
  m('Cattle', 'agriculture', 'pcs', 1350, 5),
  m('Grapes', 'agriculture', 'kg', 1.4, 0.01),
  m('Olives', 'agriculture', 'kg', 1.9, 0.01),
  m('Barley', 'agriculture', 't', 210, 1.3),
  m('Hops', 'agriculture', 'kg', 9.5, 0.02),
  m('Oranges', 'agriculture', 'kg', 0.85, 0.01),
  m('Tomatoes', 'agriculture', 'kg', 1.1, 0.01),
  m('Soybeans', 'agriculture', 't', 420, 1.3),
  m('Cotton', 'fibres', 'kg', 1.9, 0.02),
  m('Wool', 'fibres', 'kg', 6.4, 0.03),
  m('Silk', 'fibres', 'kg', 48, 0.01),
  m('Leather Hide', 'fibres', 'pcs', 38, 0.2),
  m('Flax', 'fibres', 'kg', 2.2, 0.02),
  m('Ethylene', 'petrochemicals', 't', 980, 1.2),
  m('Polypropylene', 'petrochemicals', 't', 1150, 1.2),
  m('Benzene', 'petrochemicals', 't', 890, 1.2),
  m('Chlorine', 'petrochemicals', 't', 310, 1),
  m('Industrial Water', 'petrochemicals', 'm³', 1.2, 1),
  m('Nitrogen', 'petrochemicals', 'm³', 0.6, 0.01),
];

export const MATERIAL_FAMILIES: readonly MaterialFamily[] = [
  'metals',
  'minerals',
  'fuels',
  'forestry',
  'agriculture',
  'fibres',
  'petrochemicals',
];
