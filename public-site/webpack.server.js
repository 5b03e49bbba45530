// The remote's Node build for the render server, deployed beside the browser build (dist/server/).
const path = require('node:path');
const { createServerWebpackConfig } = require('../webpack.server.base');
const { SERVER_SINGLETONS } = require('../shared/server-singletons.json');

module.exports = createServerWebpackConfig({
  appDir: __dirname,
  entry: './src/ssr/server-entry.ts',
  outputPath: path.join(__dirname, 'dist', 'server'),
  filename: 'public-site.server.js',
  externals: SERVER_SINGLETONS,
});
