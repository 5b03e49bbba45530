/** The document written when an admin adds a product, SPEC.md sections 5 ("Adding") and 7 ("Add product"). */
import { duplicateSlugMessage } from './errors';
import { slugify } from './text';
import type { NewProductInput } from './types';

export interface NewProductDocument {
  slug: string;
  name: string;
  category: string;
  type: 'product';
  materialId: string;
  image_url: string;
  originalPath: '';
  average_market_price: 0;
  price_max: number;
  price_min: number;
  pieces_on_market: 0;
  increase: 0;
  lastvqvalue: [];
  production: { cost: number; time: number; request_index: number; request_index_history: [] };
  requested_materials: Record<string, number>;
  space_required: number;
  talent_required: string | null;
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Decision (the spec gives no text): a name made only of characters the slug drops (e.g. '!!', '日本') yields
 * an empty slug; such a product would have no address on the public site and the database rules refuse it,
 * so the add is refused with this message, in Italian like the rest of the form, telling the admin what to do.
 */
export const EMPTY_SLUG_MESSAGE =
  'Impossibile generare lo slug dal nome: il nome deve contenere almeno una lettera (a-z) o una cifra';

/**
 * The document id of a new product (category_name) is already taken, possibly by a product with another slug
 * ("Steel Beam" and "Steel_Beam" share one id). Decision: the spec's duplicate message then names the slug of
 * the product already stored (the one the admin has to look at), or the new slug when the stored one has none.
 */
export function takenIdMessage(storedSlug: unknown, newSlug: string): string {
  return duplicateSlugMessage(typeof storedSlug === 'string' && storedSlug.trim() !== '' ? storedSlug : newSlug);
}

/** The slug of a new product: the given one (trimmed) or slugify(name). */
export function newProductSlug(input: Pick<NewProductInput, 'slug' | 'name'>): string {
  const given = input.slug?.trim();
  return given ? given : slugify(input.name);
}

/**
 * Section 7 lists type 'product', average_market_price 0, pieces_on_market 0, an empty request index history,
 * lastvqvalue [], increase 0 and originalPath '' as FIXED values of the add call, so they override what the
 * form holds. Decision: this includes the form's Type select (Product/Component), its Incremento and its
 * Percorso originale: they are validated but a new product is always written as type 'product' with
 * increase 0 and originalPath ''; an admin changes them afterwards in the JSON editor.
 * enabled defaults to true. createdAt/updatedAt are `now` (a gateway may swap in server timestamps).
 */
export function buildNewProductDocument(input: NewProductInput, now: Date = new Date()): NewProductDocument {
  return {
    slug: newProductSlug(input),
    name: input.name,
    category: input.category,
    type: 'product',
    materialId: input.materialId,
    image_url: input.image_url,
    originalPath: '',
    average_market_price: 0,
    price_max: input.price_max,
    price_min: input.price_min,
    pieces_on_market: 0,
    increase: 0,
    lastvqvalue: [],
    production: {
      cost: input.production_cost,
      time: input.production_time,
      request_index: input.production_request_index,
      request_index_history: [],
    },
    requested_materials: { ...input.requested_materials },
    space_required: input.space_required,
    talent_required: input.talent_required,
    enabled: input.enabled ?? true,
    createdAt: now,
    updatedAt: now,
  };
}
