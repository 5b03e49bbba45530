const path = require('node:path');
const MonacoWebpackPlugin = require('monaco-editor-webpack-plugin');
const { createWebpackConfig } = require('../webpack.config.base');

// monaco-editor's exports map hides package.json: find the package root from its main entry.
const monacoMain = require.resolve('monaco-editor');
const monacoEditorPath = monacoMain.slice(0, monacoMain.lastIndexOf(`${path.sep}monaco-editor${path.sep}`) + `${path.sep}monaco-editor`.length);

/** Monaco (JSON language only) is added here; it reaches the browser only through the JSON editor's lazy chunk. */
module.exports = createWebpackConfig({
  appDir: __dirname,
  port: 3002,
  title: 'admin-console (standalone)',
  extend(config) {
    config.module.rules.push({ test: /monaco-editor[\\/]esm[\\/].*\.js$/, parser: { worker: false, url: false } });
    config.plugins.push(new MonacoWebpackPlugin({ languages: ['json'], features: ['!gotoSymbol'], monacoEditorPath }));
    return config;
  },
});
