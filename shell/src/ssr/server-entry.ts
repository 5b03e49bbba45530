/** The render server's bundle (shell/webpack.server.js → shell/dist-server/render.js). */
// The shell's global styles are imported by bootstrap.tsx in the browser; the server inlines them too.
// The design tokens before the stylesheets that read them (as in bootstrap.tsx).
import '@sbc/shared/src/ui/tokens.css';
import '../styles/global.css';

export { createPageRenderer, fillTemplate, type PageRenderer, type RenderedPage, type RendererOptions } from './render';
export { serverRenderedPage } from './public-routes';
