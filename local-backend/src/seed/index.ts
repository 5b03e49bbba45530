/** The demo economy seed for the local backend: a deterministic dataset plus the demo sign-ins. */
export { DEFAULT_SEED_OPTIONS, SEED_LIMITS, generateDemoEconomy } from './generate';
export type { DemoEconomy, SeedDocument, SeedOptions } from './generate';
export { DEMO_ACCOUNTS } from './accounts';
export type { DemoAccount } from './accounts';
export { MATERIAL_EDGE_CASES, PRODUCT_EDGE_CASES } from './edge-cases';
export type { MaterialEdgeCase, ProductEdgeCase } from './edge-cases';
export { toEmulatorImport, toFirestoreFields, toFirestoreValue } from './emulator-import';
export type { FirestoreRestDocument, FirestoreValue } from './emulator-import';
export { productDocumentId, slugify } from './naming';
