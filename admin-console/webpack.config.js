const { createWebpackConfig } = require('../webpack.config.base');

module.exports = createWebpackConfig({ appDir: __dirname, port: 3002, title: 'admin-console (standalone)' });
