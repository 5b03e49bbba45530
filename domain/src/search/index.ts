export * from './catalog-index';
export * from './search-catalog';
