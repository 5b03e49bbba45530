const { createWebpackConfig } = require('../webpack.config.base');

module.exports = createWebpackConfig({ appDir: __dirname, port: 3000, title: 'SBC Tycoon — Market Monitor' });
