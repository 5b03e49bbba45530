/**
 * Server rendering for the local shell server: the same render module production runs in its Cloud Function
 * (shell/dist-server/render.js, built by `npm run build -w shell`), so `npm start` serves public routes as
 * rendered HTML exactly as the deployed site does. A missing or broken render bundle is logged and the
 * route gets the plain index.html (the client-rendered page), like any failed render.
 */
import { createRequire } from 'node:module';
import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { RuntimeConfig } from '../../../shared/src/config/runtime-config';

export interface ServerRenderOptions {
  /** The render bundle (shell/dist-server/render.js). */
  bundlePath: string;
  /** The shell's index.html, the page template. */
  templatePath: string;
  config: RuntimeConfig;
  /** Where the public-site Node build is fetched from (default: beside the remote's manifest). */
  remoteServerUrl?: string;
  timeoutMs?: number;
  cacheMaxSeconds?: number;
  log?: (message: string, error?: unknown) => void;
}

export interface RenderedResponse {
  status: number;
  html: string;
  headers: Record<string, string>;
  source: string;
}

interface RenderModule {
  createPageRenderer(options: Record<string, unknown>): {
    handles(url: string): boolean;
    render(url: string, origin: string): Promise<RenderedResponse>;
    /** Absent in render bundles built before it (a previous release's shell): the renderer is made again instead. */
    purge?(): void;
  };
}

export interface ServerRender {
  /** null: not a server-rendered route. undefined: the render bundle is unusable (logged); serve index.html. */
  (req: IncomingMessage): Promise<RenderedResponse | null | undefined>;
  /**
   * The market moved (the stack saw gameParameters/gameStats change): forget the rendered pages and their reads.
   * The render keeps them until the end of the market period (shell/src/ssr/market-period.ts), which is when the
   * game's market updates, every 30 minutes on the clock; a local update (`npm run market:advance`, `npm start --
   * --market-every`) lands at any moment, so without this a new visitor would get the previous figures for up to
   * the rest of the period (5 minutes at most, the render's cap), while open pages already show the new ones.
   */
  marketChanged(): void;
}

const nodeRequire = createRequire(__filename);

/**
 * Returns the renderer for a request, or null when the request is not a server-rendered route (the caller
 * then serves files as before). Rebuilt when the bundle or the template changes on disk (`--rebuild`).
 */
export function createServerRender(options: ServerRenderOptions): ServerRender {
  const log = options.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  let current: { stamp: string; module: RenderModule; renderer: ReturnType<RenderModule['createPageRenderer']> } | null = null;

  const create = (module: RenderModule) =>
    module.createPageRenderer({
      template: readFileSync(options.templatePath, 'utf8'),
      config: options.config,
      remoteServerUrl: options.remoteServerUrl,
      timeoutMs: options.timeoutMs,
      cacheMaxSeconds: options.cacheMaxSeconds,
      log,
    });

  function renderer() {
    const stamp = `${statSync(options.bundlePath).mtimeMs}:${statSync(options.templatePath).mtimeMs}`;
    if (current?.stamp === stamp) return current.renderer;
    delete nodeRequire.cache[nodeRequire.resolve(options.bundlePath)];
    const module = nodeRequire(options.bundlePath) as RenderModule;
    current = { stamp, module, renderer: create(module) };
    return current.renderer;
  }

  const render = async function render(req: IncomingMessage): Promise<RenderedResponse | null | undefined> {
    const url = req.url ?? '/';
    let active: ReturnType<typeof renderer>;
    try {
      active = renderer();
    } catch (error) {
      log(`[render] ${url}: the render bundle ${options.bundlePath} could not be loaded, serving the client-rendered page`, error);
      return undefined;
    }
    if (!active.handles(url)) return null;
    return active.render(url, `http://${req.headers.host ?? 'localhost'}`);
  };
  return Object.assign(render, {
    marketChanged() {
      if (!current) return;
      if (current.renderer.purge) current.renderer.purge();
      else current.renderer = create(current.module);
    },
  });
}
