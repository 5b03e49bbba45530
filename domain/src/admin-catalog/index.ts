export * from './catalog-query';
export * from './bulk-edit';
export * from './product-file';
export * from './material-file';
export * from './saved-job';
