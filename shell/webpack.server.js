// The render server's bundle (src/ssr/server-entry.ts): self-contained (React, the router, MobX, Firebase's
// firestore/lite and @sbc/shared bundled), required by local-backend's static server and the Cloud Function.
const path = require('node:path');
const { createServerWebpackConfig } = require('../webpack.server.base');

module.exports = createServerWebpackConfig({
  appDir: __dirname,
  entry: './src/ssr/server-entry.ts',
  outputPath: path.join(__dirname, 'dist-server'),
  filename: 'render.js',
  // The early-input recorder runs as the inline script of every page's <head> (src/ssr/early-input.ts).
  inlinedInPages: [path.join(__dirname, 'src', 'ssr', 'early-input.ts')],
});
