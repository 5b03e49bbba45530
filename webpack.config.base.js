// One webpack factory for the three apps: TypeScript through swc, CSS, assets, swc minification and the
// Module Federation plugin from each app's module-federation.config.ts.
const path = require('node:path');
const fs = require('node:fs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { register } = require('tsx/cjs/api');

/** Loads an app's module-federation.config.ts (TypeScript, so that it can import the shared remote contract). */
function loadFederationConfig(appDir) {
  // A plain (non-namespaced) registration keeps the file path clean for webpack's build-dependency cache.
  const unregister = register();
  try {
    const mod = require(path.join(appDir, 'module-federation.config.ts'));
    return mod.default ?? mod;
  } finally {
    unregister();
  }
}

/**
 * `[contenthash]` in `output.filename` is refused for MF runtime chunks that have no JS hash
 * ("Path variable [contenthash:8] not implemented in this context"): hash only where one exists.
 */
function hashedFilename(pathData) {
  const chunk = pathData.chunk;
  return chunk?.contentHash?.javascript ? '[name].[contenthash:10].js' : '[name].js';
}

/**
 * The script of the shell's page in production starts downloading after the page has painted, instead of as
 * a `defer` script the browser fetches while the HTML still arrives: a server-rendered page's content is in the
 * HTML, and on a slow phone connection the script's bytes competed with it (Lighthouse's mobile LCP on
 * `/materials/Copper` alternated between 1.05 and 1.8 s; with this, 0.67 s, the first paint). It waits for the
 * parsed document and one frame (at most 250 ms, since a background tab has no frames); a client-rendered page
 * (an empty #root) loses at most that frame.
 */
class ScriptAfterFirstPaintPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('ScriptAfterFirstPaintPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('ScriptAfterFirstPaintPlugin', (data) => {
        const deferLoad = (tag) => {
          if (tag.tagName !== 'script' || !tag.attributes.src) return tag;
          const src = JSON.stringify(tag.attributes.src);
          const loader =
            `(function(){var started=false;function start(){if(started)return;started=true;var s=document.createElement('script');s.src=${src};document.head.appendChild(s)}` +
            `function afterPaint(){requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,250)}` +
            `if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',afterPaint);else afterPaint()})()`;
          return { ...tag, attributes: {}, innerHTML: loader };
        };
        data.headTags = data.headTags.map(deferLoad);
        data.bodyTags = data.bodyTags.map(deferLoad);
        return data;
      });
    });
  }
}

/**
 * @param {{ appDir: string, port: number, title: string, extend?: (config: any, env: { production: boolean }) => any }} options
 */
function createWebpackConfig({ appDir, port, title, extend }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const federation = loadFederationConfig(appDir);
    const isHost = !federation.exposes;
    const extractCss = production && isHost;
    const config = {
      mode: production ? 'production' : 'development',
      context: appDir,
      entry: { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      target: 'web',
      output: {
        path: path.join(appDir, 'dist'),
        // Remotes load their chunks from wherever their manifest says they live.
        publicPath: isHost ? '/' : 'auto',
        filename: production ? hashedFilename : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: federation.name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      },
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
                  transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
                  target: 'es2022',
                },
              },
            },
          },
          // The shell's production CSS goes into .css files (loaded with the chunk that needs it) instead of strings
          // in its JavaScript: a server-rendered page already has these styles inline, and CSS in JS is downloaded,
          // parsed and evaluated as script (about 9 KB gzip of the first visit). The remotes keep style-loader: their
          // styles travel with their exposed modules across origins, with no stylesheet URL to manage.
          { test: /\.css$/, use: [extractCss ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
          // `?inline`: a small image in the first screen (the home hero) goes into the HTML as a data URL, so the
          // largest paint needs no request to another origin. The server build inlines it the same way.
          { test: /\.svg$/, resourceQuery: /inline/, type: 'asset/inline' },
          { test: /\.(png|jpe?g|gif|webp|svg|woff2?|ttf)$/, resourceQuery: { not: [/inline/] }, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          ...federation,
          // The browser build's federation runtime without its Node code paths; a remote loads no remote of its
          // own, so it also leaves out the remote-loading code and the manifest snapshot plugin (the shell, which
          // loads the remotes by their mf-manifest.json, keeps both).
          experiments: { ...federation.experiments, optimization: { target: 'web', ...(isHost ? {} : { disableRemote: true, disableSnapshot: true }) } },
        }),
        ...(extractCss ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css', chunkFilename: '[name].[contenthash:10].css' })] : []),
        ...(production && isHost ? [new ScriptAfterFirstPaintPlugin()] : []),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'shared', 'index.html'),
          title,
          // Remotes' own dev page only; the shell's page is the site.
          chunks: ['main'],
        }),
      ],
      optimization: {
        minimize: production,
        minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })],
        // MF shares modules per container; a runtime chunk per entry would break remoteEntry.
        runtimeChunk: false,
      },
      performance: { hints: false },
      cache: {
        type: 'filesystem',
        cacheDirectory: path.join(appDir, 'node_modules', '.cache', 'webpack'),
        version: `${production ? 'prod' : 'dev'}`,
        buildDependencies: { config: [__filename, path.join(appDir, 'webpack.config.js'), path.join(appDir, 'module-federation.config.ts')] },
      },
      devServer: {
        port,
        host: 'localhost',
        hot: true,
        historyApiFallback: isHost,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Headers': '*',
        },
        // `npm run dev` (local-backend) writes /app-config.json into SBC_DEV_STATIC_DIR for every app.
        static: [path.join(appDir, 'public'), process.env.SBC_DEV_STATIC_DIR]
          .filter((directory) => directory && fs.existsSync(directory))
          .map((directory) => ({ directory, watch: false })),
        client: { overlay: { runtimeErrors: false } },
      },
      stats: 'errors-warnings',
    };
    return extend ? extend(config, { production }) : config;
  };
}

module.exports = { createWebpackConfig };
