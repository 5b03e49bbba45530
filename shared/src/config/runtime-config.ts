/**
 * The runtime configuration file served next to the shell (`/app-config.json`). One build serves local,
 * staging and production: only this file changes. It names the remotes' manifests and the Firebase
 * project; `emulators` is present only for the local offline backend.
 */
export interface RuntimeConfig {
  remotes: {
    /** URL of public-site's mf-manifest.json */
    publicSite: string;
    /** URL of admin-console's mf-manifest.json */
    adminConsole: string;
  };
  firebase: {
    apiKey: string;
    authDomain: string;
    projectId: string;
    appId: string;
  };
  /** Full URL of the registration cloud function. */
  registerUrl: string;
  emulators?: {
    /** e.g. http://127.0.0.1:9099 */
    authUrl: string;
    firestoreHost: string;
    firestorePort: number;
  };
  /**
   * How often this environment's market updates. Absent: the game's MARKET_UPDATE_INTERVAL_MINUTES (30 min), what
   * production deploys. The local stack sets it for `npm start -- --market-every <s>`, so that open pages poll at
   * the pace the demo market moves (the market clock, shared/src/stores/market-clock.ts; docs/live-market.md).
   */
  market?: {
    updateIntervalSeconds: number;
  };
  /**
   * Alerts that reach a closed app (docs/alert-webhooks.md). `email: true` when this environment's Cloud Functions
   * have an e-mail provider (ALERT_EMAIL_SMTP_URL and ALERT_EMAIL_FROM): the watchlist page then offers e-mail alerts.
   * Absent or false: webhooks only (and the functions refuse an e-mail destination added anyway).
   */
  alerts?: {
    email: boolean;
  };
}

export const RUNTIME_CONFIG_PATH = '/app-config.json';
