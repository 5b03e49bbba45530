import type {
  AuditGateway,
  AuthGateway,
  CatalogGateway,
  GameGateway,
  MarketGateway,
  MaterialReads,
  MaterialsGateway,
  ProductReads,
  ProductsGateway,
  TelemetryGateway,
  TradeBookGateway,
  UsersGateway,
} from './gateway-groups';
import type { WatchlistGateway } from './watchlist-items';
import type { AlertHooksGateway } from './alert-hooks-items';
import type { PlanReads } from './plan-suggestions';

export type {
  AuditGateway,
  AuthGateway,
  AuthUser,
  CatalogGateway,
  GameGateway,
  MarketGateway,
  MaterialReads,
  MaterialsGateway,
  ProductReads,
  ProductsGateway,
  ProductWrite,
  RegistrationInput,
  RegistrationResult,
  TelemetryGateway,
  TradeBookGateway,
  UsersGateway,
  VersionedMaterial,
  VersionedProduct,
} from './gateway-groups';
export type { PlanReads } from './plan-suggestions';

/**
 * The reads a signed-out server render makes: the public pages' products, materials, market and game reads
 * (SPEC.md section 7). The render server (../ssr/server-gateway.ts) and the open data API get exactly this, and
 * the stores a server render builds accept it (../stores/root-store.ts): no auth, no user data, no write exists
 * there to be called, and the type system says so.
 */
export interface PublicReadGateway {
  readonly products: ProductReads;
  readonly materials: MaterialReads;
  readonly market: MarketGateway;
  readonly game: GameGateway;
  /** The planner's suggestions for a budget (issue 36): ranked by the open data API or the render server (./plan-suggestions.ts). */
  readonly plan: PlanReads;
}

/**
 * The transport the MobX stores receive (SPEC.md section 7), grouped by entity (issue 36): `gateway.products.getBySlug`,
 * `gateway.users.setRole`. Each group is an interface of ./gateway-groups.ts whose methods say what they cost in
 * reads and writes; the read groups of a public page are `PublicReadGateway`, which this extends. The Firebase
 * implementation lives in ./firebase-gateway.ts (behind ./lazy-gateway.ts in the browser); tests use the fake
 * (./fake-gateway.ts). Errors are thrown as `GatewayError` (./errors.ts) with the spec's user-facing message where
 * the spec gives one.
 *
 * Version skew (docs/deploying.md, compatibility policy): the gateway and the stores that call it come from the same
 * shared copy, so the groups' method names may change with the stores. What remote code reaches directly stays where
 * it was released: `alertHooks` (public-site's AlertWebhooks) keeps its place and its method names, as does `watchlist`.
 * Decided in docs/decisions.md ("The gateway by entity").
 */
export interface DataGateway extends PublicReadGateway {
  readonly auth: AuthGateway;
  readonly users: UsersGateway;
  readonly products: ProductsGateway;
  /** The console's products list and bulk edits (./admin-catalog.ts). */
  readonly catalog: CatalogGateway;
  readonly materials: MaterialsGateway;
  readonly market: MarketGateway;
  readonly game: GameGateway;
  /** The console's history of products, materials and roles. */
  readonly audit: AuditGateway;
  readonly telemetry: TelemetryGateway;
  readonly tradeBook: TradeBookGateway;
  /** users/{uid}/watchlist (./watchlist.ts). */
  readonly watchlist: WatchlistGateway;
  /**
   * Alert webhooks (users/{uid}/alertHooks and their secrets, ./alert-hooks.ts; issue 37). Optional: a shell released
   * before it brings a shared copy without it, and a remote's page then says webhooks are not available yet
   * (docs/deploying.md#compatibility-between-separately-deployed-apps-policy).
   */
  readonly alertHooks?: AlertHooksGateway;
}

/** A gateway method by its group and name, as the fake records it and telemetry names it: 'products.getBySlug'. */
export type GatewayPath<G> = {
  [K in keyof G & string]: { [M in keyof NonNullable<G[K]> & string]: `${K}.${M}` }[keyof NonNullable<G[K]> & string];
}[keyof G & string];

/** The calls of the gateway's groups by path, except the watchlist's and the alert webhooks' (their fakes record them apart). */
export type GatewayMethod = GatewayPath<Omit<DataGateway, 'watchlist' | 'alertHooks'>>;
