/**
 * The share scope's react-router-dom is shared/router-facade.ts: a remote gets exactly its exports. So every name the
 * apps take from 'react-router-dom' at run time must be one of them (a missing one is `undefined` in production
 * only: the tests import the package itself).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as facade from './router-facade';
import { runtimeImports } from './named-imports';
import { ROUTER_FACADE, sharedSingletons } from './federation';

const REPO = join(__dirname, '..');
const SOURCES = ['shell/src', 'public-site/src', 'admin-console/src', 'shared/src'].map((dir) => join(REPO, dir));

describe('react-router-dom in the share scope', () => {
  test('the facade exports every name the apps import from react-router-dom', () => {
    const imported = runtimeImports(SOURCES, 'react-router-dom');
    expect(imported.size).toBeGreaterThan(10);
    const missing = [...imported].filter(([name]) => !(name in facade)).map(([name, file]) => `${name} (${file.slice(REPO.length + 1)})`);
    // Add these to shared/router-facade.ts.
    expect(missing).toEqual([]);
  });

  test('the facade re-exports react-router itself (one router, one context, whoever imports it)', async () => {
    const router = await import('react-router');
    for (const [name, value] of Object.entries(facade)) expect([name, value]).toEqual([name, router[name as keyof typeof router]]);
  });

  test('every app provides the facade as react-router-dom, with the installed version for requiredVersion checks', () => {
    const shared = sharedSingletons({ react: '19.0.0', 'react-dom': '19.0.0', 'react-router-dom': '^7.1.0', mobx: '6', 'mobx-react-lite': '4', '@sbc/shared': '1.0.0' });
    const { version } = require('react-router-dom/package.json') as { version: string };
    expect(shared['react-router-dom']).toEqual({ singleton: true, requiredVersion: '^7.1.0', import: ROUTER_FACADE.request, version });
    expect(shared.react).toEqual({ singleton: true, requiredVersion: '^19.0.0' });
  });
});

describe('runtimeImports', () => {
  test.each([
    ["import { a, b as c } from 'm';", ['a', 'b']],
    ["import type { T } from 'm';", []],
    ["import { type T, d } from 'm';", ['d']],
    ["export { e } from 'm';", ['e']],
    ["import * as ns from 'm'; ns.f(); ns.g;", ['f', 'g']],
    ["import { h } from 'mm';", []],
  ])('%s → %j', (source, expected) => {
    const dir = mkdtempSync(join(tmpdir(), 'named-imports-'));
    try {
      writeFileSync(join(dir, 'a.ts'), source);
      writeFileSync(join(dir, 'a.test.ts'), "import { ignored } from 'm';");
      expect([...runtimeImports([dir], 'm').keys()]).toEqual(expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
