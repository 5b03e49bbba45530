export * from './round';
export * from './home-metric';
export * from './delta';
export * from './currency';
export * from './dates';
export * from './rank';
export * from './quantity';
export * from './numbers';
