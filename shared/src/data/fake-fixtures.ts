/** Builders of domain values for tests (store and component tests): the domain readers' defaults apply. */
import { readMarketStatRow, readMaterial, readProduct } from '@sbc/domain';
import type { MarketStatRow, Material, Product } from '@sbc/domain';

export function fakeProduct(fields: Partial<Product> & { name: string }): Product {
  const slug = fields.slug ?? fields.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return { ...readProduct(fields.id ?? slug, { slug, enabled: true }), ...fields, slug };
}

export function fakeMaterial(fields: Partial<Material> & { name: string }): Material {
  return { ...readMaterial(fields.name, {}), ...fields };
}

export function fakeStatRow(fields: Partial<MarketStatRow> & { name: string; type: MarketStatRow['type'] }): MarketStatRow {
  return { ...readMarketStatRow(fields.name, {}, fields.type), ...fields };
}
