/**
 * Asset URLs (images) in the server render must be the browser build's URLs, which live on the remote's
 * origin. The render server names that origin before it evaluates this build (a global, since the build is
 * evaluated as one script); it is imported first so that every asset module sees it.
 */
// biome-ignore lint/style/useConst: webpack's public path is a free variable the bundler rewrites; it is assigned below
declare let __webpack_public_path__: string;
declare global {
  var __SBC_PUBLIC_SITE_BASE_URL__: string | undefined;
}

__webpack_public_path__ = globalThis.__SBC_PUBLIC_SITE_BASE_URL__ ?? '/';

export {};
