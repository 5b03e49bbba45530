/**
 * `renderPage`: production's render server, behind the shell's Hosting rewrites of the public routes
 * (firebase.json). It runs the same render module as `npm start` (shell/dist-server/render.js, see
 * shell/src/ssr/render.tsx), copied with the shell's index.html and app-config.json into functions/ssr/ by
 * `node scripts/prepare-render-deploy.mjs` before `firebase deploy --only functions`. The public-site pages
 * themselves are downloaded at run time from the public-site site, so a public-site deploy changes the HTML
 * without redeploying this function or the shell.
 *
 * Nothing is loaded at import time: the Functions emulator of the local stack loads this file too, where no
 * render bundle has been copied (the local stack renders in its static server instead).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Request } from 'firebase-functions/v2/https';
import { encodedResponse } from './open-data/http';

/** The part of the response the handler uses (the framework's express Response). */
interface PageResponse {
  status(code: number): PageResponse;
  set(field: string | Record<string, string>, value?: string): PageResponse;
  send(body: string | Buffer): unknown;
}

interface RenderModule {
  createPageRenderer(options: Record<string, unknown>): {
    render(url: string, origin: string): Promise<{ status: number; html: string; headers: Record<string, string> }>;
  };
}

const SSR_DIR = join(__dirname, '..', 'ssr');
let renderer: ReturnType<RenderModule['createPageRenderer']> | undefined;
let template: string | undefined;

function loadRenderer() {
  if (renderer) return renderer;
  template = readFileSync(join(SSR_DIR, 'index.html'), 'utf8');
  const config = JSON.parse(readFileSync(join(SSR_DIR, 'app-config.json'), 'utf8')) as unknown;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const module = require(join(SSR_DIR, 'render.js')) as RenderModule;
  renderer = module.createPageRenderer({ template, config, log: (message: string, error?: unknown) => console.error(message, error ?? '') });
  return renderer;
}

/** The page a visitor gets for a public route; the client-rendered page when anything goes wrong. */
export async function handleRenderPage(req: Pick<Request, 'originalUrl' | 'hostname' | 'get'>, res: PageResponse): Promise<void> {
  const origin = `https://${req.get('x-forwarded-host') ?? req.hostname}`;
  try {
    const page = await loadRenderer().render(req.originalUrl, origin);
    // Compressed here (Brotli, else gzip), as the open data API's answers are: the page is the first thing a
    // visitor on a slow link waits for, and its coding should not depend on what sits in front of the function.
    const { body, headers } = encodedResponse(page.html, req.get('accept-encoding'));
    res.status(page.status).set({ ...page.headers, ...headers }).send(body);
  } catch (error) {
    console.error(`[render] ${req.originalUrl}: the render function failed, serving the client-rendered page`, error);
    const fallback = template ?? (existsSync(join(SSR_DIR, 'index.html')) ? readFileSync(join(SSR_DIR, 'index.html'), 'utf8') : undefined);
    if (fallback) res.status(200).set({ 'Cache-Control': 'no-cache', 'Content-Type': 'text/html; charset=utf-8' }).send(fallback);
    else res.status(503).set('Retry-After', '30').send('The site is being deployed; try again in a moment.');
  }
}
