// The Node builds used by the render server (see shell/src/ssr): the same TypeScript and components as the
// browser builds, bundled as one CommonJS file. CSS becomes text the server inlines in the page head
// (ssr-css-loader.js); images get the browser build's hashed URLs without being emitted again.
const path = require('node:path');
const webpack = require('webpack');
const { reactRouterProductionAlias } = require('./react-router-production');

/**
 * @param {{ appDir: string, entry: string, outputPath: string, filename: string, externals?: string[] }} options
 */
function createServerWebpackConfig({ appDir, entry, outputPath, filename, externals = [] }) {
  return () => ({
    mode: 'production',
    context: appDir,
    target: 'node20',
    entry: { server: entry },
    devtool: false,
    output: {
      path: outputPath,
      filename,
      library: { type: 'commonjs2' },
      // Same names as the browser build (webpack.config.base.js), so server and browser HTML agree.
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: false,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'], alias: reactRouterProductionAlias() },
    // Singletons the render server provides (Module Federation shares them the same way in the browser).
    externals: Object.fromEntries(externals.map((name) => [name, `commonjs ${name}`])),
    externalsPresets: { node: true },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: false, refresh: false } },
                target: 'es2022',
              },
            },
          },
        },
        { test: /\.css$/, use: [{ loader: path.join(__dirname, 'ssr-css-loader.js'), options: { registry: path.join(__dirname, 'shared', 'src', 'ssr', 'css-registry.ts') } }] },
        { test: /\.svg$/, resourceQuery: /inline/, type: 'asset/inline' },
        { test: /\.(png|jpe?g|gif|webp|svg|woff2?|ttf)$/, resourceQuery: { not: [/inline/] }, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    plugins: [
      // One file: the render server evaluates the build it downloads, and there is nothing to load chunks from.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new webpack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }),
    ],
    optimization: { minimize: false, splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
    cache: {
      type: 'filesystem',
      cacheDirectory: path.join(appDir, 'node_modules', '.cache', 'webpack-server'),
      buildDependencies: { config: [__filename, path.join(__dirname, 'ssr-css-loader.js'), path.join(__dirname, 'react-router-production.js')] },
    },
    stats: 'errors-warnings',
  });
}

module.exports = { createServerWebpackConfig };
