// Webpack loader of the server builds (webpack.server.base.js): a CSS file becomes a registration of its text in
// shared/src/ssr/css-registry.ts (option `registry`; each server build bundles its own copy), so the render server can inline the styles.
// CSS here holds no url() or @import (checked: the build fails if one appears, since they would need resolving).
const path = require('node:path');

module.exports = function ssrCssLoader(source) {
  if (/url\(|@import/.test(source)) {
    throw new Error(`${this.resourcePath}: url() and @import are not supported by the server build's CSS loader`);
  }
  const { registry } = this.getOptions();
  const id = path.relative(this.rootContext, this.resourcePath);
  return `import { registerCss } from ${JSON.stringify(registry)};\nregisterCss(${JSON.stringify(id)}, ${JSON.stringify(source)});\n`;
};
