/**
 * The domain model of SPEC.md section 3. Values here are what the readers (./readers.ts) produce from raw
 * Firestore documents: defaults applied, malformed fields tolerated. Nothing here touches Firebase.
 */

/** Firestore-independent timestamp: what the readers make of Timestamp, {seconds,nanoseconds}, Date or string. */
export type Instant = Date;

export interface ProductionInfo {
  cost: number;
  /** Lead time in game time units (minutes of game time). */
  time: number;
  request_index: number;
  request_index_history: number[];
}

export interface Product {
  /** Firestore document id (not part of the stored fields). */
  id: string;
  slug: string;
  name: string;
  /** Default 'uncategorized'. */
  category: string;
  /** Default 'product'. */
  type: string;
  materialId: string;
  image_url: string;
  originalPath: string;
  average_market_price: number;
  price_max: number;
  price_min: number;
  pieces_on_market: number;
  increase: number;
  /** Daily average prices, oldest first. */
  lastvqvalue: number[];
  production: ProductionInfo;
  /** Material name → quantity. */
  requested_materials: Record<string, number>;
  space_required: number;
  /** Default 'unknown'; null when explicitly "None". */
  talent_required: string | null;
  /** Default false when read. */
  enabled: boolean;
  migratedAt?: Instant;
  createdAt?: Instant;
  updatedAt?: Instant;
}

export interface Material {
  /** Document id; equals the material name. */
  name: string;
  id: number;
  image_url?: string;
  unit: string;
  spaceRequired: number;
  /** Unit price. */
  value: number;
  /** Units in stock. */
  amount: number;
  lastqty: number;
  lastvalue: number;
  startqty: number;
  startvalue: number;
  cyclecount: number;
}

export interface MaterialDerived {
  totalValue: number;
  previousQuantityChange: number;
  previousValueChange: number;
  sinceStartQuantityChange: number;
  sinceStartValueChange: number;
  averagePerDay: number;
}

export interface MaterialsTotals {
  count: number;
  totalUnits: number;
  totalValue: number;
  averageUnitCost: number;
}

export type MarketStatType = 'product' | 'material';

export interface MarketStatRow {
  name: string;
  type: MarketStatType;
  avg: number;
  count: number;
  total: number;
  documentCount: number;
  lastUpdated?: Instant;
  /** Default 'uncategorized' for products, 'industry' for materials. */
  category: string;
}

export interface CategoryGroup {
  category: string;
  totalValue: number;
  totalCount: number;
  /** totalValue ÷ totalCount, 0 when totalCount is 0. */
  avgPrice: number;
  productCount: number;
  materialCount: number;
  /**
   * Sum of the items' documentCount: the heatmap card's "listing count". Optional only so that fixtures
   * written before it existed still type-check; groupByCategory always sets it.
   */
  documentCount?: number;
  items: MarketStatRow[];
}

export interface GameStats {
  totalHeadquarters: number;
  totalMarketValue: number;
  totalPlayers: number;
  /** When the game last updated the market (every 30 real minutes); absent when the document has none. */
  lastUpdated?: Instant;
}

/** The game's current date; readers normalise every stored shape to a Date. */
export type GameDate = Instant;

export interface UserDocument {
  uid: string;
  email: string;
  displayName: string;
  isAdmin: boolean;
  /** 'editor' when an admin granted the role, 'player' once revoked; absent when never granted (./roles.ts). */
  role?: 'editor' | 'player';
  createdAt?: Instant;
  lastLoginAt?: Instant;
}

export interface Talent {
  name: string;
  /** The talents document id. */
  type: string;
}

export interface FaqItem {
  id: string;
  question: string;
  /** Light markup: **bold**, *italic*, and line breaks (\n). Rendered without raw HTML. */
  answer: string;
  /** An icon name drawn as SVG by the FAQ page (no emoji: they render as empty boxes without an emoji font). */
  icon: string;
}

export interface ProductStructuredData {
  name: string;
  description: string;
  image: string;
  price: string;
  category: string;
  currency: 'USD';
  availability: 'InStock';
}

export interface SeoConfig {
  title: string;
  description: string;
  url?: string;
  image?: string;
  type?: string;
  siteName?: string;
  keywords?: string[];
  applicationName?: string;
  robots?: string;
  themeColor?: string;
  twitterCard?: string;
  structuredData?: Record<string, unknown>;
  alternateLanguages?: Record<string, string>;
  author?: string;
  publishedTime?: string;
  modifiedTime?: string;
  category?: string;
  tags?: string[];
}

/** The product as an admin writes it from the add-product form (before fixed values are applied). */
export interface NewProductInput {
  name: string;
  slug?: string;
  category: string;
  type: string;
  price_max: number;
  price_min: number;
  production_cost: number;
  production_time: number;
  production_request_index: number;
  space_required: number;
  talent_required: string | null;
  materialId: string;
  image_url: string;
  increase: number;
  originalPath: string;
  enabled: boolean;
  requested_materials: Record<string, number>;
}
