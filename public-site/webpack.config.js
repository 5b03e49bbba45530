const { createWebpackConfig } = require('../webpack.config.base');

module.exports = createWebpackConfig({ appDir: __dirname, port: 3001, title: 'public-site (standalone)' });
