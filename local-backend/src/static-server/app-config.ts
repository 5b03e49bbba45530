import type { RuntimeConfig } from '../../../shared/src/config/runtime-config';

export const PROJECT_ID = 'demo-sbc-tycoon';
export const REGION = 'europe-west1';

export interface LocalEndpoints {
  publicSitePort: number;
  adminConsolePort: number;
  authPort: number;
  functionsPort: number;
  firestorePort: number;
  /** Host name the browser uses for the app servers (localhost: the dev servers use it too). */
  appHost?: string;
  /** Host the browser uses for the emulators. */
  emulatorHost?: string;
  /** `npm start -- --market-every <s>`: the demo market's pace, told to the browsers' market clock (`market`). */
  marketUpdateSeconds?: number;
  /** The stack's functions send alert e-mails (to its mail catcher): the page offers e-mail alerts (`alerts.email`). */
  emailAlerts?: boolean;
}

/**
 * The /app-config.json of the local stack: the same shape production deploys, plus `emulators`.
 * The Firebase keys are demo values: a `demo-` project never reaches Google.
 */
export function buildLocalRuntimeConfig(endpoints: LocalEndpoints): RuntimeConfig {
  const appHost = endpoints.appHost ?? 'localhost';
  const emulatorHost = endpoints.emulatorHost ?? '127.0.0.1';
  return {
    remotes: {
      publicSite: `http://${appHost}:${endpoints.publicSitePort}/mf-manifest.json`,
      adminConsole: `http://${appHost}:${endpoints.adminConsolePort}/mf-manifest.json`,
    },
    firebase: {
      apiKey: 'demo-api-key',
      authDomain: `${PROJECT_ID}.firebaseapp.com`,
      projectId: PROJECT_ID,
      appId: 'demo-app',
    },
    registerUrl: `http://${emulatorHost}:${endpoints.functionsPort}/${PROJECT_ID}/${REGION}/registerUser`,
    emulators: {
      authUrl: `http://${emulatorHost}:${endpoints.authPort}`,
      firestoreHost: emulatorHost,
      firestorePort: endpoints.firestorePort,
    },
    ...(endpoints.marketUpdateSeconds ? { market: { updateIntervalSeconds: endpoints.marketUpdateSeconds } } : {}),
    ...(endpoints.emailAlerts ? { alerts: { email: true } } : {}),
  };
}
