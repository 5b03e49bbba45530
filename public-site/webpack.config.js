const { createWebpackConfig } = require('../webpack.config.base');

// hostRuntimeEntry: the pages' container also as shared/src/host-runtime-entry.ts's second entry (issue 36).
module.exports = createWebpackConfig({ appDir: __dirname, port: 3001, title: 'public-site (standalone)', hostRuntimeEntry: true });
