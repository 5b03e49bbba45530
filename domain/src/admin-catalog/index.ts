export * from './catalog-query';
export * from './bulk-edit';
