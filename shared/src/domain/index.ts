/** The pure domain layer: types, readers and every rule of SPEC.md as plain functions. */
export * from './types';
export * from './lenient';
export * from './readers';
export * from './material';
export * from './market';
export * from './product-metrics';
export * from './production-economics';
export * from './format';
export * from './charts';
export * from './text';
export * from './validation';
export * from './new-product';
export * from './errors';
export * from './json-editor';
export * from './faq';
export * from './seo';
export * from './constants';
