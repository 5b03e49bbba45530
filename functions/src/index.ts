import { initializeApp, getApps } from 'firebase-admin/app';
import { getAppCheck } from 'firebase-admin/app-check';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { onDocumentWritten, type Change, type DocumentSnapshot, type FirestoreEvent } from 'firebase-functions/v2/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { EMAIL_ALERTS_NOT_AVAILABLE, EMAIL_ALREADY_ADDED, EMAIL_NO_ADDRESS, EMAIL_NOT_VERIFIED, indexChangeOf, readCatalogShard, type CatalogEntryKind } from '@sbc/domain';
import {
  ALERT_HOOK_SECRETS_COLLECTION,
  ALERT_HOOKS_COLLECTION,
  alertsConfigFromEnvironment,
  applyIndexChange,
  evaluateMarketUpdate,
  firestoreAlertStore,
  hookUrlProblem,
  onHookWritten,
  playerHasHooks,
  postOnce,
  reindexPlayer,
  secretDocumentId,
  sendMailOnce,
  type AccountAddress,
  type AlertsConfig,
} from './alerts';
import { applyCatalogChange, type CatalogIndexDeps } from './catalog-index';
import { clientKey } from './client-key';
import { recordMarketHistory, type MarketHistoryDeps } from './market-history';
import { firestoreMarketHistoryDeps } from './market-history-store';
import { corsHeaders, isAllowedOrigin, parseAllowedOrigins } from './cors';
import { FixedWindowRateLimit, parseRateLimit } from './rate-limit';
import { handleRegister, type RegisterDeps } from './register';
import { createOpenData, readsConfigFromEnvironment, serveOpenData, type OpenDataHandler } from './open-data';
import { handleRenderPage } from './render-page';
import { createTelemetry, firestoreTelemetryStore, parseTelemetryOrigins, serveTelemetry, type TelemetryHandler } from './telemetry';

// The stack sets SBC_FIRESTORE_EMULATOR_HOST when it runs our emulator on a port other than the one in
// .env.local (which wins over the parent environment inside the Functions emulator).
const firestoreEmulatorHost = process.env.SBC_FIRESTORE_EMULATOR_HOST || process.env.FIRESTORE_EMULATOR_HOST;
if (firestoreEmulatorHost) process.env.FIRESTORE_EMULATOR_HOST = firestoreEmulatorHost;

if (getApps().length === 0) initializeApp();

let firestore: Firestore | undefined;
function db(): Firestore {
  if (firestore) return firestore;
  firestore = getFirestore();
  if (firestoreEmulatorHost) {
    // Our emulator speaks REST only. Without a stub auth client firebase-admin looks for Google credentials
    // and fails offline (googleapis/nodejs-firestore#1811); with it, it sends `Bearer owner` (admin).
    firestore.settings({
      preferRest: true,
      authClient: { getRequestHeaders: async () => ({}), universeDomain: 'googleapis.com' },
    } as FirebaseFirestore.Settings);
  }
  return firestore;
}

/**
 * Configuration (functions/.env.<project alias> in production; the local stack passes them in the environment):
 * - REGISTER_ALLOWED_ORIGINS: comma-separated origins allowed to call from a browser (the shell's site). Unset →
 *   no origin is allowed (fail closed) and a warning is logged.
 * - REGISTER_RATE_LIMIT: attempts per client per window, "count/seconds" (default 10/600, see rate-limit.ts).
 * - REGISTER_REQUIRE_APP_CHECK=true: refuse requests without a valid App Check token in X-Firebase-AppCheck.
 *   Enable it once the project has App Check (reCAPTCHA Enterprise) and the shell sends the token; off locally,
 *   since the emulators have no App Check.
 */
const allowedOrigins = parseAllowedOrigins(process.env.REGISTER_ALLOWED_ORIGINS);
if (allowedOrigins.length === 0) console.warn('registerUser: REGISTER_ALLOWED_ORIGINS is not set, so no browser origin may call it');
const requireAppCheck = process.env.REGISTER_REQUIRE_APP_CHECK === 'true';
const rateLimit = new FixedWindowRateLimit(parseRateLimit(process.env.REGISTER_RATE_LIMIT));

export const deps: RegisterDeps = {
  rateLimit,
  async createAuthUser({ email, password, displayName }) {
    const record = await getAuth().createUser({ email, password, displayName });
    return { uid: record.uid, email: record.email };
  },
  async writeUserDoc({ uid, email, displayName }) {
    await db().collection('users').doc(uid).set({
      uid,
      email,
      displayName,
      isAdmin: false,
      createdAt: FieldValue.serverTimestamp(),
      lastLoginAt: FieldValue.serverTimestamp(),
    });
  },
  async deleteAuthUser(uid) {
    await getAuth().deleteUser(uid);
  },
  log(message, error) {
    console.error(message, error);
  },
};

/**
 * The framework parses application/json into an object; for other content types (text/plain is what a
 * browser can send without a preflight) it leaves `{}` or a string, so fall back to the raw bytes.
 */
function pickBody(parsed: unknown, raw: Buffer | undefined): unknown {
  const isEmptyObject = typeof parsed === 'object' && parsed !== null && !Buffer.isBuffer(parsed) && Object.keys(parsed).length === 0;
  if ((parsed === undefined || isEmptyObject) && raw && raw.length > 0) return raw;
  return parsed;
}

async function hasValidAppCheckToken(token: string | undefined): Promise<boolean> {
  if (!token) return false;
  try {
    await getAppCheck().verifyToken(token);
    return true;
  } catch {
    return false;
  }
}

export const registerUser = onRequest({ region: 'europe-west1', cors: false }, async (req, res) => {
  const origin = req.get('Origin');
  for (const [name, value] of Object.entries(corsHeaders(origin, allowedOrigins))) res.set(name, value);
  if (origin !== undefined && !isAllowedOrigin(origin, allowedOrigins)) {
    res.status(403).json({ success: false, error: 'Registration is not allowed from this origin' });
    return;
  }
  if (req.method === 'OPTIONS') {
    res.status(204).end();
    return;
  }
  if (requireAppCheck && !(await hasValidAppCheckToken(req.get('X-Firebase-AppCheck')))) {
    res.status(401).json({ success: false, error: 'Registration is not allowed: missing or invalid App Check token' });
    return;
  }
  const body = pickBody(req.body, req.rawBody);
  try {
    const result = await handleRegister(
      {
        method: req.method,
        body,
        contentType: req.get('Content-Type'),
        bodyBytes: req.rawBody?.length ?? 0,
        client: clientKey(req.headers['x-forwarded-for'], req.socket?.remoteAddress),
      },
      deps,
    );
    for (const [name, value] of Object.entries(result.headers ?? {})) res.set(name, value);
    res.status(result.status).json(result.body);
  } catch (error) {
    console.error('registerUser: unexpected failure', error);
    res.status(500).json({ success: false, error: 'Registration failed: internal error' });
  }
});

/** Server-rendered public pages (./render-page.ts), behind the shell's Hosting rewrites. */
export const renderPage = onRequest({ region: 'europe-west1', memory: '512MiB', timeoutSeconds: 15, concurrency: 80 }, (req, res) =>
  handleRenderPage(req, res),
);

/**
 * The open data API (./open-data, docs/open-data-api.md), behind the shell's Hosting rewrite of /api/**. Created on
 * the first request: the Functions emulator loads this file for every function. OPEN_DATA_RATE_LIMIT: see ./open-data.
 */
let openDataHandler: OpenDataHandler | undefined;
export const openData = onRequest({ region: 'europe-west1', memory: '256MiB', timeoutSeconds: 30, concurrency: 80, cors: false }, (req, res) => {
  openDataHandler ??= createOpenData({ readsConfig: readsConfigFromEnvironment(process.env), rateLimit: process.env.OPEN_DATA_RATE_LIMIT });
  return serveOpenData(openDataHandler, req, res);
});

/**
 * Real visitors' errors and vitals per release (./telemetry, docs/telemetry.md), behind the shell's Hosting rewrite of
 * /api/telemetry (placed before /api/**). Created on the first request, like openData. TELEMETRY_ALLOWED_ORIGINS and
 * TELEMETRY_RATE_LIMIT: see ./telemetry.
 */
let telemetryHandler: TelemetryHandler | undefined;
export const telemetry = onRequest({ region: 'europe-west1', memory: '256MiB', timeoutSeconds: 10, concurrency: 80, cors: false }, (req, res) => {
  if (!telemetryHandler) {
    const allowedOrigins = parseTelemetryOrigins(process.env.TELEMETRY_ALLOWED_ORIGINS);
    if (allowedOrigins.length === 0) console.warn('telemetry: TELEMETRY_ALLOWED_ORIGINS is not set, so every report is refused');
    telemetryHandler = createTelemetry({ store: firestoreTelemetryStore(db()), allowedOrigins, rateLimit: process.env.TELEMETRY_RATE_LIMIT });
  }
  return serveTelemetry(telemetryHandler, req, res, req.rawBody ?? Buffer.alloc(0));
});

/** The header search's catalogue index (./catalog-index.ts): a transaction on one shard. */
const catalogIndexDeps: CatalogIndexDeps = {
  updateShard: (shard, update) =>
    db().runTransaction(async (tx) => {
      const ref = db().collection('catalogIndex').doc(shard);
      const snapshot = await tx.get(ref);
      tx.set(ref, { entries: update(readCatalogShard(snapshot.data() ?? null)), updatedAt: FieldValue.serverTimestamp() });
    }),
};

/** The trigger body for one collection: the change (absent before / deleted after as null) applied to the index. */
function indexChangesOf(kind: CatalogEntryKind) {
  return (event: FirestoreEvent<Change<DocumentSnapshot> | undefined, { id: string }>) => {
    const change = event.data;
    return applyCatalogChange(
      kind,
      event.params.id,
      change?.before.exists ? change.before.data() : null,
      change?.after.exists ? change.after.data() : null,
      catalogIndexDeps,
    );
  };
}

/** Same region as the other functions; Firestore triggers must run where the database is (europe-west1). */
export const indexProductChange = onDocumentWritten({ document: 'products/{id}', region: 'europe-west1' }, indexChangesOf('p'));

export const indexMaterialChange = onDocumentWritten({ document: 'materials/{id}', region: 'europe-west1' }, indexChangesOf('m'));

/** The history the site keeps (./market-history.ts, docs/market-history.md): its reads and writes through firebase-admin. */
const marketHistoryDeps: MarketHistoryDeps = firestoreMarketHistoryDeps(db);

/**
 * On each market update: gameParameters/gameStats is the market job's last write, its lastUpdated the update's stamp.
 * MARKET_HISTORY_RECORDING=off turns it off (the browser journeys' stacks, e2e/lib/stack.ts); on by default.
 */
export const recordMarketHistoryOnUpdate = onDocumentWritten({ document: 'gameParameters/gameStats', region: 'europe-west1' }, async (event) => {
  if (process.env.MARKET_HISTORY_RECORDING === 'off') return;
  const change = event.data;
  const outcome = await recordMarketHistory(
    change?.before.exists ? change.before.data() : null,
    change?.after.exists ? change.after.data() : null,
    marketHistoryDeps,
  );
  if (outcome.recorded) console.log(`[market-history] ${outcome.at.toISOString()}: ${outcome.items} items, ${outcome.writes} writes, ${outcome.pruned} pruned`);
});

/**
 * Alerts that reach a closed app (./alerts, docs/alert-webhooks.md). Configuration: ./alerts/config.ts.
 * - indexWatchAlert keeps the alerts-by-item index in step with the players' watchlist alerts;
 * - evaluateMarketAlerts runs on each market update (gameParameters/gameStats, written last) and posts the fired
 *   alerts to the players' webhooks, signed, with retries;
 * - alertHookChanged checks a new webhook's addresses and sends the "Send a test" message; for an e-mail destination it
 *   checks that e-mail is configured and the account's address verified, and sends the test e-mail.
 */
let alertsConfig: AlertsConfig | undefined;
const alertsSettings = () => (alertsConfig ??= alertsConfigFromEnvironment(process.env));

export const indexWatchAlert = onDocumentWritten(
  { document: 'users/{uid}/watchlist/{itemId}', region: 'europe-west1' },
  async (event: FirestoreEvent<Change<DocumentSnapshot> | undefined, { uid: string; itemId: string }>) => {
    const before = event.data?.before.exists ? (event.data.before.data() ?? null) : null;
    const after = event.data?.after.exists ? (event.data.after.data() ?? null) : null;
    const change = indexChangeOf(before, after);
    if (change === 'keep') return;
    // Only players with a webhook are indexed (their first webhook indexes their alerts: alertHookChanged).
    if (change !== 'remove' && !(await playerHasHooks(db(), event.params.uid))) return;
    const item = after ?? before ?? {};
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    await applyIndexChange(db(), event.params.itemId, event.params.uid, change, {
      kind: text(item.kind) || 'product',
      ref: text(item.ref),
      name: text(item.name) || text(item.ref),
      slug: text(item.slug) || text(item.ref),
    });
  },
);

export const evaluateMarketAlerts = onDocumentWritten(
  { document: 'gameParameters/gameStats', region: 'europe-west1', timeoutSeconds: 300, memory: '256MiB' },
  async (event: FirestoreEvent<Change<DocumentSnapshot> | undefined>) => {
    const stamp = (snapshot: DocumentSnapshot | undefined) => (snapshot?.exists ? String(snapshot.get('lastUpdated')?.toMillis?.() ?? snapshot.get('lastUpdated') ?? '') : '');
    const after = event.data?.after;
    if (!after?.exists || stamp(event.data?.before) === stamp(after)) return;
    const summary = await evaluateMarketUpdate({ store: firestoreAlertStore(db()), config: alertsSettings(), log: (m) => console.warn(m), accountAddress }, new Date());
    console.log(
      `alerts: ${summary.items} items with alerts, ${summary.fired} fired for ${summary.players} players, ${summary.deliveries.length} deliveries (${summary.deliveries.filter((d) => !d.ok).length} failed)`,
    );
  },
);

/**
 * Where a player's alert e-mails go: their own Auth account's address, and whether it is verified (firebase-admin
 * getUser: an Auth call, no Firestore read). Nothing a browser writes chooses the recipient.
 */
async function accountAddress(uid: string): Promise<AccountAddress | null> {
  try {
    const user = await getAuth().getUser(uid);
    return { email: user.email ?? null, verified: user.emailVerified === true };
  } catch {
    return null;
  }
}

/**
 * An e-mail destination's check (docs/alert-webhooks.md#e-mail-alerts): e-mail configured on this site, no other
 * e-mail destination of the player's (an active one, or a pending one in a lower slot: two added at once keep one), and
 * the account's address verified. Reads: the player's e-mail destinations (at most 3) and the Auth account.
 */
async function emailDestinationCheck(config: AlertsConfig, uid: string, slot: string): Promise<{ problem: string } | { address: string }> {
  if (!config.email) return { problem: EMAIL_ALERTS_NOT_AVAILABLE };
  const others = await db().collection('users').doc(uid).collection(ALERT_HOOKS_COLLECTION).where('channel', '==', 'email').get();
  if (others.docs.some((d) => d.id !== slot && (d.get('status') === 'active' || (d.get('status') === 'pending' && d.id < slot)))) return { problem: EMAIL_ALREADY_ADDED };
  const account = await accountAddress(uid);
  if (!account?.email) return { problem: EMAIL_NO_ADDRESS };
  if (!account.verified) return { problem: EMAIL_NOT_VERIFIED };
  return { address: account.email };
}

/** Whether the player has a webhook other than `slot`: reads = their webhooks, at most 3. */
async function otherHooks(uid: string, slot: string): Promise<boolean> {
  const snapshot = await db().collection('users').doc(uid).collection(ALERT_HOOKS_COLLECTION).get();
  return snapshot.docs.some((d) => d.id !== slot);
}

export const alertHookChanged = onDocumentWritten(
  { document: 'users/{uid}/alertHooks/{slot}', region: 'europe-west1', timeoutSeconds: 60 },
  async (event: FirestoreEvent<Change<DocumentSnapshot> | undefined, { uid: string; slot: string }>) => {
    const { uid, slot } = event.params;
    const config = alertsSettings();
    const policy = { allowLoopbackHttp: config.allowLoopbackHttp };
    const ref = db().collection('users').doc(uid).collection(ALERT_HOOKS_COLLECTION).doc(slot);
    const before = event.data?.before.exists ? (event.data.before.data() ?? null) : null;
    const after = event.data?.after.exists ? (event.data.after.data() ?? null) : null;
    // The player's alerts join the index with their first webhook and leave it with their last.
    if (!before && after && !(await otherHooks(uid, slot))) await reindexPlayer(db(), uid, 'add');
    if (before && !after && !(await playerHasHooks(db(), uid))) await reindexPlayer(db(), uid, 'remove');
    await onHookWritten(
      before,
      after,
      {
        policy,
        urlProblem: (url) => hookUrlProblem(url, policy),
        secret: async () => {
          const snapshot = await db().collection(ALERT_HOOK_SECRETS_COLLECTION).doc(secretDocumentId(uid, slot)).get();
          const secret = snapshot.get('secret');
          return typeof secret === 'string' ? secret : null;
        },
        post: (url, body, headers) => postOnce(url, body, headers, { timeoutMs: config.timeoutMs, policy }),
        emailCheck: () => emailDestinationCheck(config, uid, slot),
        sendMail: config.email ? (to, mail) => sendMailOnce({ ...(config.email as NonNullable<AlertsConfig['email']>), timeoutMs: config.timeoutMs }, to, mail) : undefined,
        update: async (fields) => {
          await ref.update(fields);
        },
      },
      new Date(),
    );
  },
);
