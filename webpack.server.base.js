// The Node builds used by the render server (see shell/src/ssr): the same TypeScript and components as the
// browser builds, bundled as one CommonJS file. CSS becomes text the server inlines in the page head
// (ssr-css-loader.js); images get the browser build's hashed URLs without being emitted again.
const path = require('node:path');
const webpack = require('webpack');
const { reactRouterProductionAlias } = require('./react-router-production');

/** swc-loader's options for the server's TypeScript; `minify` for code whose source the server writes into pages. */
function swcOptions({ minify }) {
  return {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic', development: false, refresh: false } },
      target: 'es2022',
      ...(minify ? { minify: { compress: true, mangle: true } } : {}),
    },
    ...(minify ? { minify: true } : {}),
  };
}

/**
 * @param {{ appDir: string, entry: string, outputPath: string, filename: string, externals?: string[], inlinedInPages?: string[] }} options
 * `inlinedInPages`: modules whose functions' source text the render server writes into every page (an inline
 * script, `Function.prototype.toString`): minified here, so a page carries no comments and long local names (the
 * rest of the bundle is not minified, which keeps the server's stack traces readable).
 */
function createServerWebpackConfig({ appDir, entry, outputPath, filename, externals = [], inlinedInPages = [] }) {
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
          exclude: [/node_modules/, ...inlinedInPages],
          use: { loader: 'swc-loader', options: swcOptions({ minify: false }) },
        },
        ...(inlinedInPages.length > 0 ? [{ test: inlinedInPages, use: { loader: 'swc-loader', options: swcOptions({ minify: true }) } }] : []),
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
