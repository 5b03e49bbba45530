import { readMaterials, readTalents } from '@sbc/domain';
import { generateDemoEconomy, productDocumentId, slugify } from '../../src/seed';
import { collection, materialDocs } from './dataset';

describe.each([
  ['default sizes', {}],
  ['a small economy', { seed: 3, products: 12, materials: 10 }],
  ['a large economy', { seed: 9, products: 600, materials: 120 }],
  ['the largest economy (--products 5000 --materials 1000)', { products: 5000, materials: 1000 }],
])('referential integrity, %s', (_label, options) => {
  const dataset = generateDemoEconomy(options);
  const products = collection(dataset, 'products');
  const materialNames = new Set(readMaterials(collection(dataset, 'materials')).map((m) => m.name));
  const talentNames = new Set(readTalents(collection(dataset, 'talents')).map((t) => t.name));

  it('requests only materials that exist, in whole positive quantities', () => {
    for (const p of products) {
      for (const [name, quantity] of Object.entries(p.data.requested_materials as Record<string, number>)) {
        expect(materialNames).toContain(name);
        expect(Number.isInteger(quantity) && quantity > 0).toBe(true);
      }
    }
  });

  it('requires only talents of the talents collection (or null, or nothing)', () => {
    for (const p of products) {
      const talent = p.data.talent_required;
      if (typeof talent === 'string') expect(talentNames).toContain(talent);
      else expect(talent === null || !('talent_required' in p.data)).toBe(true);
    }
  });

  it('has unique document ids, slugs and names', () => {
    const ids = dataset.documents.map((d) => d.path);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(products.map((p) => p.data.slug)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.data.name)).size).toBe(products.length);
  });

  it('makes every slug with the add-product slug rule, lowercase and hyphenated', () => {
    for (const p of products) {
      expect(p.data.slug).toBe(slugify(p.data.name as string));
      expect(p.data.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('stores each product under category_name, its slug, or a 20-character auto id', () => {
    for (const p of products) {
      const ruled = typeof p.data.category === 'string' && p.id === productDocumentId(p.data.category, p.data.name as string);
      expect(ruled || p.id === p.data.slug || /^[A-Za-z0-9]{20}$/.test(p.id)).toBe(true);
    }
  });

  it('keys materials by name with unique integer ids', () => {
    const materials = materialDocs(dataset);
    for (const m of materials) expect(m.id).toBe(m.data.name);
    const ids = materials.map((m) => m.data.id);
    expect(ids.every((id) => Number.isInteger(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps a materials/list document naming every material, which the reader skips', () => {
    const list = collection(dataset, 'materials').find((m) => m.id === 'list');
    expect(list?.data.names).toEqual(materialDocs(dataset).map((m) => m.id));
    expect(materialNames.has('list')).toBe(false);
    expect(materialNames.size).toBe(materialDocs(dataset).length);
  });

  it('shapes talents documents as { id: type, <talent>: true }', () => {
    for (const t of collection(dataset, 'talents')) {
      expect(t.data.id).toBe(t.id);
      expect(Object.entries(t.data).filter(([k]) => k !== 'id').every(([, v]) => v === true)).toBe(true);
    }
  });
});

describe('slugify and productDocumentId', () => {
  it.each([
    ['Espresso Machine', 'espresso-machine'],
    ['Cotton T-Shirt', 'cotton-t-shirt'],
    ["Baker's Yeast", 'bakers-yeast'],
    ['  Wi-Fi  Router ', 'wi-fi-router'],
    ['Hi--Fi -- Speaker', 'hi-fi-speaker'],
  ])('slugify(%j) = %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it.each([
    ['energy', 'Solar Panel', 'energy_solar_panel'],
    ['textiles', 'Cotton T-Shirt', 'textiles_cotton_t_shirt'],
    ['food', "Baker's Yeast", 'food_baker_s_yeast'],
    ['Home & Garden', 'Bar Stool', 'home___garden_bar_stool'],
  ])('productDocumentId(%j, %j) = %j', (category, name, id) => {
    expect(productDocumentId(category, name)).toBe(id);
  });
});
