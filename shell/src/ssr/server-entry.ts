/** The render server's bundle (shell/webpack.server.js → shell/dist-server/render.js). */
// The shell's styles are not rendered from here: its index.html, the render's template, carries them inline (the
// browser build's start-up stylesheet, webpack.config.base.js BootPreloadPlugin).
export { createPageRenderer, fillTemplate, type PageRenderer, type RenderedPage, type RendererOptions } from './render';
export { serverRenderedPage } from './public-routes';
