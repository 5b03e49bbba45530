/**
 * What jsdom lacks and the apps' imports touch at import time:
 * - TextEncoder/TextDecoder: react-router 7.
 * - fetch, Headers, Request, Response: `@sbc/shared` re-exports the Firebase gateway, and firebase/auth's
 *   Node build captures these globals when it loads. Component tests use the fake gateway and never reach
 *   the network, so these stand-ins only fail loudly if something tries.
 */
import { TextDecoder, TextEncoder } from 'node:util';

const NO_NETWORK = 'No network in component tests: use the fake gateway';

class NoNetwork {
  constructor() {
    throw new Error(NO_NETWORK);
  }
}

const scope = globalThis as Record<string, unknown>;
scope.TextEncoder ??= TextEncoder;
scope.TextDecoder ??= TextDecoder;
scope.fetch ??= () => Promise.reject(new Error(NO_NETWORK));
scope.Headers ??= NoNetwork;
scope.Request ??= NoNetwork;
scope.Response ??= NoNetwork;
