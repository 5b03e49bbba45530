export * from './gateway';
export { GatewayError, GatewayErrorCode, isGatewayError, errorCode, type KnownGatewayErrorCode } from './errors';
// Firebase itself is not exported here: the root is what every visitor downloads, and Firebase loads on the first
// call that needs it (./browser-gateway.ts). Tests and tools import ./firebase and ./firebase-gateway directly.
export { loadRuntimeConfig, runtimeConfigProblems, RuntimeConfigError } from '../config/load-runtime-config';
export { createFirebaseGateway } from './browser-gateway';
export { SessionCache, SESSION_CACHE_KEYS, CACHE_SCHEMA_VERSION, CACHE_MAX_AGE_MS, defaultSessionStorage, type CacheSlot } from './session-cache';
export { MemoryStorage } from './memory-storage';
export { USERS_PAGE_SIZE, type UsersPage } from './users-page';
export { AUTH_SERVICE_TIMEOUT_MS, withTimeout } from './timeout';
export type { PlainJson } from './plain-json';
export type { BulkApplyResult, BulkProgress, CatalogPage, CatalogProduct } from './admin-catalog-types';
export * from './watchlist-items';
export type { AlertHook, AlertHooksGateway } from './alert-hooks-items';
export { AUDIT_ACTIONS, AUDIT_ID_FIELD, HISTORY_PAGE_SIZE, type AuditAction, type AuditActor, type AuditEntry, type MaterialAuditEntry } from './audit-entries';
export type { RoleAuditEntry } from './role-entries';
