export * from './snapshot';
export * from './page-meta-html';
export * from './render-clock';
