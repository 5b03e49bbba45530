/**
 * A server-rendered page's own remote modules (its page and the remote's data preparation), loaded from the first
 * moment the shell's main script runs, instead of after the bootstrap (issue 36, the dead window on a phone).
 *
 * Why: on a phone's link the start-up files arrive together, React DOM's client last; the shell's main script and
 * the federation runtime in it arrive well before the bootstrap's chunk, mobx and `@sbc/shared`, and the main thread
 * waits idle for them. Loading the remote (its manifest, its entry, its container and its share negotiation: about
 * 150 ms of a phone's CPU) then ran after the bootstrap, between React DOM's arrival and hydration. Started here, it
 * runs in that idle wait; the page's modules still resolve only once the shared modules they import have arrived.
 *
 * This module runs inside the main script, before any shared module is available: it imports only the federation
 * runtime and plain modules (no mobx, no React, no `@sbc/shared` root). It reads what the render server wrote into
 * the page (the state's page id, the inline configuration's public-site manifest) and starts nothing when either is
 * missing or unreadable, or when this session pins a public-site canary release (../releases/canary.ts: the page is
 * then rendered in the browser with the pinned release). The bootstrap does its own checks as before and takes the
 * started loads (`takeServerPageModules`); what it registers for the remotes later (./register-remotes.ts) keeps
 * this registration, the same manifest URL.
 */
import { loadRemote, registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { PUBLIC_SITE_REMOTE, type PageModule } from '@sbc/shared/src/remote-contract';
import { RUNTIME_CONFIG_ELEMENT_ID, SSR_STATE_ELEMENT_ID } from '@sbc/shared/src/ssr/page-elements';
import { defaultSessionStorage } from '@sbc/shared/src/data/browser-storage';
import { pinsPublicSite } from '../releases/canary-storage';
import { hostRuntimeEntryPlugin } from './host-runtime';
import { inlinedStylesPlugin } from './inlined-styles-plugin';

/** The remote's data preparation, exposed beside its pages (public-site/src/ssr/prepare.ts). */
export const PREPARE_MODULE = `${PUBLIC_SITE_REMOTE}/prepare`;

export interface ServerPageModules<Prepare> {
  /** The remote module id of the page (the state's `page`: `publicSite/ProductDetailPage`). */
  id: string;
  manifestUrl: string;
  modules: Promise<[PageModule | null, Prepare | null]>;
}

/** What a page the server rendered says about its remote, or null (a client-rendered page, or unreadable text). */
export function serverPageRemote(doc: Document): { id: string; manifestUrl: string } | null {
  try {
    const state: unknown = JSON.parse(doc.getElementById(SSR_STATE_ELEMENT_ID)?.textContent ?? 'null');
    const config: unknown = JSON.parse(doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent ?? 'null');
    const id = (state as { page?: unknown } | null)?.page;
    const manifestUrl = (config as { remotes?: { publicSite?: unknown } } | null)?.remotes?.publicSite;
    if (typeof id !== 'string' || !id.startsWith(`${PUBLIC_SITE_REMOTE}/`) || typeof manifestUrl !== 'string' || manifestUrl === '') return null;
    return { id, manifestUrl };
  } catch {
    return null;
  }
}

/**
 * The remotes' snapshots the runtime loaded before the bootstrap registered its own plugins: ../releases/page-releases.ts
 * learns the public-site release from them (its plugin was not there to hear it).
 */
const snapshotsSeen: Array<{ name: string; snapshot: unknown }> = [];
let recording = true;
const snapshotRecorder: ModuleFederationRuntimePlugin = {
  name: 'sbc-early-snapshots',
  loadRemoteSnapshot(args) {
    if (recording) snapshotsSeen.push({ name: args.moduleInfo.name, snapshot: args.remoteSnapshot });
    return args;
  },
};

let started: ServerPageModules<unknown> | null = null;
/** The manifest this module registered the public-site remote with, if it did. */
let registeredEntry: string | null = null;

/** Starts loading the server-rendered page's modules (see the module comment); does nothing on any other page. */
export function startServerPageModules(doc: Document = document, storage: Pick<Storage, 'getItem'> | null = defaultSessionStorage()): void {
  const page = serverPageRemote(doc);
  if (!page || pinsPublicSite(storage)) return;
  registerPlugins([hostRuntimeEntryPlugin(), inlinedStylesPlugin(doc), snapshotRecorder]);
  registerRemotes([{ name: PUBLIC_SITE_REMOTE, entry: page.manifestUrl }]);
  registeredEntry = page.manifestUrl;
  const modules = Promise.all([loadRemote<PageModule>(page.id), loadRemote(PREPARE_MODULE)]);
  // A failure is the bootstrap's to handle (it renders the page in the browser); unclaimed, it must not surface as
  // an unhandled rejection.
  modules.catch(() => {});
  started = { ...page, modules };
}

/**
 * The loads started for this page, once: null when none was started, or for another page or manifest (the bootstrap
 * then loads the modules itself).
 */
export function takeServerPageModules<Prepare>(id: string, manifestUrl: string): Promise<[PageModule | null, Prepare | null]> | null {
  const taken = started;
  started = null;
  if (!taken || taken.id !== id || taken.manifestUrl !== manifestUrl) return null;
  return taken.modules as Promise<[PageModule | null, Prepare | null]>;
}

/** The manifest the public-site remote was registered with here, or null: ./register-remotes.ts replaces another. */
export function earlyPublicSiteEntry(): string | null {
  return registeredEntry;
}

/** The snapshots recorded so far, once; recording stops (the bootstrap's own plugin hears the later ones). */
export function takeEarlySnapshots(): Array<{ name: string; snapshot: unknown }> {
  recording = false;
  return snapshotsSeen.splice(0);
}
