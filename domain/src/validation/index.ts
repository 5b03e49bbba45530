export * from './limits';
export * from './auth';
export * from './add-product';
export * from './add-material';
export * from './product-slug';
