import { readMaterials, readProduct } from '@sbc/domain';
import { deriveMaterial } from '@sbc/domain';
import { generateDemoEconomy, MATERIAL_EDGE_CASES, PRODUCT_EDGE_CASES } from '../../src/seed';
import { collection, productBySlug } from './dataset';

describe.each([
  ['default sizes', {}],
  ['the smallest economy', { seed: 5, products: 12, materials: 10 }],
])('edge-case records, %s', (_label, options) => {
  const dataset = generateDemoEconomy(options);
  const product = (slug: string) => {
    const doc = productBySlug(dataset, slug);
    return { doc, read: readProduct(doc.id, doc.data) };
  };
  const material = (name: string) => readMaterials(collection(dataset, 'materials')).find((m) => m.name === name)!;

  it('Espresso Machine has no image_url field', () => {
    expect('image_url' in product('espresso-machine').doc.data).toBe(false);
    expect(product('espresso-machine').read.image_url).toBe('');
  });

  it('Bottled Water has 30 equal daily prices', () => {
    const history = product('bottled-water').read.lastvqvalue;
    expect(history).toHaveLength(30);
    expect(new Set(history).size).toBe(1);
  });

  it('Prototype Drone has an empty price history', () => {
    expect(product('prototype-drone').doc.data.lastvqvalue).toEqual([]);
  });

  it('Firewood Bundle has no requested materials', () => {
    expect(product('firewood-bundle').doc.data.requested_materials).toEqual({});
  });

  it('Diesel Generator is suspended', () => {
    expect(product('diesel-generator').read.enabled).toBe(false);
  });

  it.each([
    ['cotton-t-shirt', null],
    ['clay-brick', 'unknown'],
  ])('%s reads talent_required as %j', (slug, talent) => {
    expect(product(slug).read.talent_required).toBe(talent);
  });

  it('Clay Brick stores no talent_required field at all', () => {
    expect('talent_required' in product('clay-brick').doc.data).toBe(false);
  });

  it('Mystery Crate has no category, reads as uncategorized and is stored under its slug', () => {
    const { doc, read } = product('mystery-crate');
    expect('category' in doc.data).toBe(false);
    expect(read.category).toBe('uncategorized');
    expect(doc.id).toBe('mystery-crate');
  });

  it.each([
    ['solar-panel', /^energy_solar_panel$/],
    ['electric-scooter', /^[A-Za-z0-9]{20}$/],
    ['leather-handbag', /^leather-handbag$/],
  ])('%s is stored under a document id matching %s', (slug, id) => {
    expect(product(slug).doc.id).toMatch(id);
  });

  it('edge-case products are otherwise ordinary: enabled with a talent unless that is their case', () => {
    for (const slug of ['espresso-machine', 'bottled-water', 'prototype-drone', 'firewood-bundle', 'solar-panel']) {
      expect(product(slug).read.enabled).toBe(true);
      expect(typeof product(slug).read.talent_required).toBe('string');
    }
  });

  it('Graphite has cyclecount 0 and no movement', () => {
    const d = deriveMaterial(material('Graphite'));
    expect(material('Graphite').cyclecount).toBe(0);
    expect(d.averagePerDay).toBe(material('Graphite').amount);
    expect([d.previousQuantityChange, d.previousValueChange, d.sinceStartQuantityChange, d.sinceStartValueChange]).toEqual([0, 0, 0, 0]);
  });

  it('Copper decreased in quantity and price versus previous', () => {
    const d = deriveMaterial(material('Copper'));
    expect(d.previousQuantityChange).toBeLessThan(0);
    expect(d.previousValueChange).toBeLessThan(0);
  });

  it('Zinc moved in price by less than 0.0005', () => {
    const change = deriveMaterial(material('Zinc')).previousValueChange;
    expect(change).toBeGreaterThan(0);
    expect(change).toBeLessThan(0.0005);
  });
});

describe('edge-case documentation', () => {
  it('names every record the generator overrides', () => {
    expect(PRODUCT_EDGE_CASES.map((e) => e.name)).toEqual([
      'Espresso Machine', 'Bottled Water', 'Prototype Drone', 'Firewood Bundle', 'Diesel Generator', 'Cotton T-Shirt',
      'Clay Brick', 'Mystery Crate', 'Solar Panel', 'Electric Scooter', 'Leather Handbag',
    ]);
    expect(MATERIAL_EDGE_CASES.map((e) => e.name)).toEqual(['Graphite', 'Copper', 'Zinc']);
  });
});
