/**
 * The share scope every app declares identically: singletons with `requiredVersion` read from the app's
 * own package.json, so a remote built against an incompatible major warns instead of silently mixing.
 * Only the root of `@sbc/shared` is shared: deep imports would create a second instance of the stores.
 * `react-router-dom` is shared as ./router-facade.ts (the exports the apps use, tree-shaken), under its own name
 * and the installed package's version, so requiredVersion checks work as for the package itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface SharedConfig {
  singleton: true;
  requiredVersion: string;
  eager?: boolean;
  /** The module provided under this name instead of the package (with the version it stands for). */
  import?: string;
  version?: string;
}
type Shared = Record<string, SharedConfig>;

export const SINGLETONS = ['react', 'react-dom', 'react-router-dom', 'mobx', 'mobx-react-lite', '@sbc/shared'] as const;

/**
 * The module every app provides as `react-router-dom`, by a bare name that webpack.config.base.js aliases to the
 * file. A bare name, not the path: Module Federation provides a path-like `import` eagerly in every compilation,
 * the service worker's and the HTML page's child compilations too (which then emit broken chunks); a bare name is
 * provided where it is imported, the consumed `react-router-dom`'s fallback.
 */
export const ROUTER_FACADE = { request: '@sbc/router-facade', file: join(__dirname, 'router-facade.ts') };

/** The version of react-router-dom installed for the apps (one node_modules for the whole repository). */
function installedRouterVersion(): string {
  return (JSON.parse(readFileSync(require.resolve('react-router-dom/package.json'), 'utf8')) as { version: string }).version;
}

export function sharedSingletons(dependencies: Record<string, string>): Shared {
  const shared: Shared = {};
  for (const name of SINGLETONS) {
    const version = dependencies[name];
    if (!version) throw new Error(`package.json must depend on ${name} to share it`);
    shared[name] = { singleton: true, requiredVersion: `^${version.replace(/^[\^~]/, '')}` };
  }
  shared['react-router-dom'] = { ...shared['react-router-dom'], import: ROUTER_FACADE.request, version: installedRouterVersion() };
  return shared;
}
