export * from './address-policy';
export * from './webhooks';
export * from './alert-index';
export * from './message';
export * from './email';
