export * from './snapshot';
export * from './page-meta-html';
export * from './preloaded';
export * from './render-clock';
