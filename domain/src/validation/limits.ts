/** Field limits of SPEC.md section 9. */
export const MIN_PASSWORD_LENGTH = 6;
export const MIN_NAME_LENGTH = 2;
export const PRODUCT_NAME_MAX_LENGTH = 100;
export const CATEGORY_MAX_LENGTH = 50;
export const TALENT_MAX_LENGTH = 100;
export const MATERIAL_ID_MAX_LENGTH = 100;
export const IMAGE_URL_MAX_LENGTH = 500;
export const ORIGINAL_PATH_MAX_LENGTH = 200;
/** Add material (not in the spec): a name is a document id, and a unit a short word ('kg', 'unità'). */
export const MATERIAL_NAME_MAX_LENGTH = 100;
export const MATERIAL_UNIT_MAX_LENGTH = 20;
/** The price and production inputs step by 0.01 (an input attribute, not a validation rule). */
export const PRICE_STEP = 0.01;
/** Required-materials quantities step by 1. */
export const QUANTITY_STEP = 1;
