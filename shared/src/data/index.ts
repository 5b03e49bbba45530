export * from './gateway';
export { GatewayError, GatewayErrorCode, isGatewayError, errorCode, type KnownGatewayErrorCode } from './errors';
export {
  initFirebase,
  createFirebaseServices,
  disposeFirebaseServices,
  loadRuntimeConfig,
  runtimeConfigProblems,
  RuntimeConfigError,
  type FirebaseServices,
} from './firebase';
export { createFirebaseGateway, createGatewayFromServices } from './firebase-gateway';
export { SessionCache, SESSION_CACHE_KEYS, CACHE_SCHEMA_VERSION, CACHE_MAX_AGE_MS, defaultSessionStorage, type CacheSlot } from './session-cache';
export { MemoryStorage } from './memory-storage';
export { USERS_PAGE_SIZE, type UsersPage } from './users';
export { AUTH_SERVICE_TIMEOUT_MS, withTimeout } from './timeout';
export { fakeProduct, fakeMaterial, fakeStatRow } from './fake-fixtures';
export { toPlainJson, documentVersion, type PlainJson } from './plain-json';
export {
  createFakeGateway,
  type FakeGateway,
  type FakeGatewaySeed,
  type FakeGatewayData,
  type FakeAccount,
  type GatewayMethod,
} from './fake-gateway';
export * from './watchlist';
export { createFakeWatchlist, type FakeWatchlist, type WatchlistMethod } from './fake-watchlist';
export {
  AUDIT_ACTIONS,
  AUDIT_ID_FIELD,
  HISTORY_PAGE_SIZE,
  changedFields,
  type AuditAction,
  type AuditActor,
  type AuditEntry,
} from './audit';
