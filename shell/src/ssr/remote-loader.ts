/**
 * Loads the public-site remote's Node build from the remote's own deployment (beside its mf-manifest.json),
 * at run time: a public-site deploy changes the server-rendered HTML without a shell rebuild, exactly as it
 * changes the browser's pages. The file is revalidated with its ETag on every render that is not served
 * from the page cache, and evaluated again only when it changed.
 *
 * Like Module Federation in the browser, the render server lends the remote its singletons (React, the
 * router, MobX, @sbc/shared): the remote's pages then use the render server's RootStore, router and
 * metadata collector. (Module Federation's own Node runtime, @module-federation/node, would do the same
 * through an async-node container; one CommonJS file is simpler to deploy and to evaluate here.)
 */
import { builtinModules } from 'node:module';
import { runInThisContext } from 'node:vm';
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as ReactRouterDom from 'react-router-dom';
import * as mobx from 'mobx';
import * as mobxReactLite from 'mobx-react-lite';
import * as shared from '@sbc/shared';
import type { ComponentType } from 'react';
import type { PublicSitePage, RootStore } from '@sbc/shared';

/** What public-site/src/ssr/server-entry.ts exports. */
export interface PublicSiteServerModule {
  pages: Record<PublicSitePage, ComponentType>;
  preparePage(root: RootStore, url: string, options?: { force?: boolean }): Promise<{ status: number }>;
  css(): string;
}

/** Keep in step with shared/server-singletons.json (the remote's build leaves exactly these out). */
const SINGLETONS: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': ReactDOM,
  'react-router-dom': ReactRouterDom,
  mobx,
  'mobx-react-lite': mobxReactLite,
  '@sbc/shared': shared,
};

// Node's own require (webpack's would look for the name in this bundle).
declare const __non_webpack_require__: NodeJS.Require;
const nodeRequire = (name: string): unknown => __non_webpack_require__(name);

/** The Node build's URL: `<folder>/server/public-site.server.js`, the folder being the remote's manifest's. */
export function remoteServerUrl(manifestUrl: string): string {
  return new URL('server/public-site.server.js', manifestUrl).href;
}

export function evaluateRemoteServer(code: string, url: string): PublicSiteServerModule {
  const module = { exports: {} as Record<string, unknown> };
  const requireForRemote = (name: string): unknown => {
    if (Object.hasOwn(SINGLETONS, name)) return SINGLETONS[name];
    if (name.startsWith('node:') || builtinModules.includes(name)) return nodeRequire(name);
    throw new Error(`The public-site server build requires "${name}", which the render server does not provide`);
  };
  // Asset URLs (images) must point at the remote's origin, as in the browser (public-site/src/ssr/public-path.ts).
  globalThis.__SBC_PUBLIC_SITE_BASE_URL__ = new URL('..', url).href;
  const wrapper = runInThisContext(`(function (module, exports, require) {\n${code}\n})`, { filename: url }) as (
    m: typeof module,
    e: Record<string, unknown>,
    r: (name: string) => unknown,
  ) => void;
  wrapper(module, module.exports, requireForRemote);
  const loaded = module.exports as Partial<PublicSiteServerModule>;
  if (typeof loaded.preparePage !== 'function' || typeof loaded.css !== 'function' || !loaded.pages) {
    throw new Error(`${url} is not a public-site server build (pages, preparePage and css expected)`);
  }
  return loaded as PublicSiteServerModule;
}

declare global {
  var __SBC_PUBLIC_SITE_BASE_URL__: string | undefined;
}

/** Fetches (with ETag revalidation) and evaluates the remote's Node build. */
export function createRemoteServerLoader(url: string, fetchImpl: typeof fetch = fetch) {
  let current: { etag: string | null; module: PublicSiteServerModule } | null = null;
  return async function load(signal?: AbortSignal): Promise<PublicSiteServerModule> {
    const headers: Record<string, string> = {};
    if (current?.etag) headers['If-None-Match'] = current.etag;
    const response = await fetchImpl(url, { headers, signal });
    if (response.status === 304 && current) return current.module;
    if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
    const code = await response.text();
    const module = evaluateRemoteServer(code, url);
    current = { etag: response.headers.get('etag'), module };
    return module;
  };
}
