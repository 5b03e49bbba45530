// React Router 7's package.json sends every bundler to its development build (`dist/development`, where
// ENABLE_DEV_WARNINGS is true), production builds included: remix-run/react-router#14102 and #12532, open since
// 7.0.2. The production build beside it differs in that one constant, so with it the minifier drops the warnings'
// code and every render stops building their messages (useRoutes builds two on each render). The production
// builds of the apps and of the render server resolve React Router's entry points here; development and tests keep
// the warnings.
//
// Every entry point the package exports for the browser ('react-router' and 'react-router/dom', which
// react-router-dom re-exports) is redirected, never only some: the two builds are separate module graphs, so a
// bundle that reached both would hold two routers whose contexts do not see each other.
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');

const ROUTER_DIR = path.dirname(require.resolve('react-router/package.json'));

/** The development file an `exports` entry gives an ESM bundler, e.g. './dist/development/dom-export.mjs'. */
function developmentModule(entry) {
  const file = entry?.module?.default ?? entry?.import?.default;
  return typeof file === 'string' && file.startsWith('./dist/development/') && file.endsWith('.mjs') ? file : undefined;
}

/**
 * `resolve.alias` entries for a production build: each exported entry point of React Router ('react-router',
 * 'react-router/dom'), matched exactly, to the same file of its production build. Fails the build when the
 * package's layout has changed (then see the comment above: the alias may no longer be needed).
 */
function reactRouterProductionAlias() {
  const { exports } = JSON.parse(readFileSync(path.join(ROUTER_DIR, 'package.json'), 'utf8'));
  const alias = {};
  for (const [subpath, entry] of Object.entries(exports)) {
    const development = developmentModule(entry);
    if (!development) continue;
    const production = path.join(ROUTER_DIR, development.replace('/development/', '/production/'));
    if (!existsSync(production)) throw new Error(`React Router's production build has no ${production} (react-router-production.js)`);
    alias[`${path.posix.join('react-router', subpath)}$`] = production;
  }
  if (!alias['react-router$'] || !alias['react-router/dom$']) {
    throw new Error(`React Router's package.json no longer exports its development build as before (react-router-production.js): ${JSON.stringify(alias)}`);
  }
  return alias;
}

module.exports = { reactRouterProductionAlias };
