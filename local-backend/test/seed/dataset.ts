/** Small lookups over a generated dataset, shared by the seed tests. */
import type { DemoEconomy, SeedDocument } from '../../src/seed';

export function collection(dataset: DemoEconomy, name: string): Array<SeedDocument & { id: string }> {
  return dataset.documents
    .filter((d) => d.path.split('/')[0] === name)
    .map((d) => ({ ...d, id: d.path.slice(name.length + 1) }));
}

export function productBySlug(dataset: DemoEconomy, slug: string): SeedDocument & { id: string } {
  const found = collection(dataset, 'products').find((p) => p.data.slug === slug);
  if (!found) throw new Error(`no product with slug ${slug}`);
  return found;
}

export function materialDocs(dataset: DemoEconomy): Array<SeedDocument & { id: string }> {
  return collection(dataset, 'materials').filter((m) => m.id !== 'list');
}
