// One webpack factory for the three apps: TypeScript through swc, CSS, assets, swc minification and the
// Module Federation plugin from each app's module-federation.config.ts.
const path = require('node:path');
const fs = require('node:fs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');
const { register } = require('tsx/cjs/api');

/** Loads a TypeScript module of the build (a federation config imports the shared remote contract). */
function requireTs(file) {
  // A plain (non-namespaced) registration keeps the file path clean for webpack's build-dependency cache.
  const unregister = register();
  try {
    const mod = require(file);
    return mod.default ?? mod;
  } finally {
    unregister();
  }
}

/** Loads an app's module-federation.config.ts. */
function loadFederationConfig(appDir) {
  return requireTs(path.join(appDir, 'module-federation.config.ts'));
}

/** The priority of the shell's preload hints: the render server's, for the same reason (shell/src/ssr/preload-hints.ts). */
const PRELOAD_HINTS_FILE = path.join(__dirname, 'shell', 'src', 'ssr', 'preload-hints.ts');
const { PRELOAD_PRIORITY } = requireTs(PRELOAD_HINTS_FILE);
const PAGE_STYLES_FILE = path.join(__dirname, 'shell', 'src', 'ssr', 'page-styles.ts');
const { escapeStyleText } = requireTs(PAGE_STYLES_FILE);

/** The module shared as react-router-dom (shared/federation.ts). */
const FEDERATION_FILE = path.join(__dirname, 'shared', 'federation.ts');
const { ROUTER_FACADE } = requireTs(FEDERATION_FILE);
const { reactRouterProductionAlias } = require('./react-router-production');

/**
 * `[contenthash]` in `output.filename` is refused for MF runtime chunks that have no JS hash
 * ("Path variable [contenthash:8] not implemented in this context"): hash only where one exists.
 */
function hashedFilename(pathData) {
  const chunk = pathData.chunk;
  return chunk?.contentHash?.javascript ? '[name].[contenthash:10].js' : '[name].js';
}

/**
 * The shell's modules whose dynamic imports are its start-up: the entry (the router, @sbc/shared, the bootstrap) and
 * React DOM's client, which the bootstrap loads last, when the page is ready to hydrate (shell/src/react-dom-client.ts).
 */
const BOOT_IMPORTERS = [path.join('src', 'index.ts'), path.join('src', 'react-dom-client.ts')];

/**
 * The files of the shell's start-up (see BootPreloadPlugin below): the JavaScript and stylesheets of the chunk groups
 * the BOOT_IMPORTERS' dynamic imports and the provided shared singletons start. The service worker precaches the
 * same list (shell/webpack.config.js), and nothing else.
 */
function bootFiles(compilation) {
  const scripts = new Set();
  const styles = new Set();
  for (const group of compilation.chunkGroups) {
    const fromEntry = group.origins.some((origin) => {
      const module = origin.module;
      if (!module) return false;
      // The entry's dynamic imports, and the shared singletons the host provides (MF's provide-shared modules).
      const resource = module.resource ?? '';
      return module.constructor.name === 'ProvideSharedModule' || BOOT_IMPORTERS.some((importer) => resource.endsWith(importer));
    });
    if (!fromEntry) continue;
    for (const file of group.getFiles()) {
      if (file.endsWith('.js')) scripts.add(file);
      else if (file.endsWith('.css')) styles.add(file);
    }
  }
  return { scripts: [...scripts].sort(), styles: [...styles].sort() };
}

/**
 * The shell's page names, in its <head>, every file its start-up needs before the page can hydrate: the
 * JavaScript of the BOOT_IMPORTERS' dynamic imports (the router, @sbc/shared, the bootstrap and React DOM's client:
 * see shell/src/index.ts) and of the shared singletons it provides to the remotes, as `<link rel="preload">`.
 * Without them the browser discovered the chain one hop at a time (main.js, then each chunk it asks for), each hop
 * a round trip on a phone's network, and the page looked ready seconds before it answered a tap.
 * Their stylesheets are not linked but inlined, as `<style data-href="/<file>.css">`: the page (server-rendered or
 * not) is styled from its HTML alone, and mini-css-extract-plugin's loader, which looks for a style with that
 * data-href before it adds a <link>, does not download them again (6 KB compressed less on a phone's start-up). The remote's files are added per page by the render server from the remote's own
 * mf-manifest.json (shell/src/ssr/preload-hints.ts), so a remote's redeploy needs no shell build.
 * Lazy routes (login, admin, Firebase) are not preloaded: a visitor of the public pages never needs them.
 */
class BootPreloadPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('BootPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('BootPreloadPlugin', (data) => {
        const publicPath = compilation.outputOptions.publicPath === 'auto' ? '' : compilation.outputOptions.publicPath;
        const { scripts, styles } = bootFiles(compilation);
        const preload = (file) => ({
          tagName: 'link',
          voidTag: true,
          meta: { plugin: 'BootPreloadPlugin' },
          attributes: { rel: 'preload', as: 'script', fetchpriority: PRELOAD_PRIORITY, href: `${publicPath}${file}` },
        });
        const inlineStyle = (file) => ({
          tagName: 'style',
          voidTag: false,
          meta: { plugin: 'BootPreloadPlugin' },
          attributes: { 'data-href': `${publicPath}${file}` },
          innerHTML: escapeStyleText(compilation.assets[file].source().toString()),
        });
        data.headTags.push(...scripts.map(preload), ...styles.map(inlineStyle));
        return data;
      });
    });
  }
}

/** Every app's entry chunk: the shell's main script; a remote's standalone page (its container is another entry). */
const ENTRY_NAME = 'main';

/** The module whose functions hydration calls right after the last start-up byte arrives. */
const EAGER_COMPILED_MODULE = path.join('react-dom', 'cjs', 'react-dom-client.production.js');
const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chromium 136 and later) on the chunks whose functions
 * run as soon as they arrive: the browser compiles all their functions while the file streams in, on a background
 * thread, instead of each on the main thread at its first call. Other engines ignore the comment. Measured on the
 * phone profile (issues 26 and 36, the dead window):
 * - React DOM's client is the last start-up file to arrive and hydration calls most of it at once: hydration after
 *   its arrival took 167-217 ms instead of 223-322.
 * - The host's main script (its webpack and federation runtimes) gates every other script: until it has run, no
 *   chunk evaluates, and it then registers the remotes, negotiates the shared modules and loads the page's modules,
 *   about 100 ms of the 4x CPU. With the hint the mean of eighteen route medians went from 1.19 to 1.16 s (three
 *   runs of each build, alternated: docs/performance.md).
 * Hinting more chunks (the router, mobx-react-lite, @sbc/shared, the bootstrap) measured within noise. Added after
 * minification (which would drop it) and before the source maps are written (which then count its line).
 */
class EagerCompileHintPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('EagerCompileHintPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'EagerCompileHintPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 }, () => {
        for (const chunk of compilation.chunks) {
          // The host's entry chunk: its webpack and federation runtimes run before anything else of the page can.
          const isEntry = chunk.name === ENTRY_NAME && chunk.hasRuntime();
          const modules = compilation.chunkGraph.getChunkModules(chunk);
          if (!isEntry && !modules.some((module) => (module.resource ?? '').endsWith(EAGER_COMPILED_MODULE))) continue;
          for (const file of chunk.files) {
            if (file.endsWith('.js')) compilation.updateAsset(file, (old) => new sources.ConcatSource(`${EAGER_COMPILE_HINT}\n`, old));
          }
        }
      });
    });
  }
}

/** A remote's second container entry, on the host's federation runtime (shared/src/host-runtime-entry.ts). */
const HOST_RUNTIME_ENTRY_MODULE = path.join(__dirname, 'shared', 'src', 'host-runtime-entry.ts');
const { HOST_RUNTIME_ENTRY_FILE, HOST_RUNTIME_ENTRY_FIELD, FEDERATION_RUNTIME_VERSION } = requireTs(HOST_RUNTIME_ENTRY_MODULE);

/**
 * The compilation of a remote's host-runtime entry (shared/src/host-runtime-entry.ts), which runs after the remote's
 * own compilation into the same folder: it keeps only its container entry (and the entry's source map), checks that
 * every other file it built is, byte for byte, a file the remote's compilation wrote (the container loads those), and
 * names the entry in the remote's mf-manifest.json. A file that differs fails the build: the entry would load chunks
 * that are not there.
 */
class HostRuntimeEntryPlugin {
  apply(compiler) {
    const { Compilation, WebpackError } = compiler.webpack;
    const outputPath = compiler.options.output.path;
    const kept = new Set([HOST_RUNTIME_ENTRY_FILE, `${HOST_RUNTIME_ENTRY_FILE}.map`]);
    compiler.hooks.thisCompilation.tap('HostRuntimeEntryPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'HostRuntimeEntryPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT + 1 }, (assets) => {
        if (!assets[HOST_RUNTIME_ENTRY_FILE]) compilation.errors.push(new WebpackError(`${HOST_RUNTIME_ENTRY_FILE} was not built`));
        // The remote's standalone page's entry carries the runtime too, so differs; it is the remote's own build's.
        const standalone = compilation.namedChunks.get(ENTRY_NAME);
        const standaloneFiles = new Set(standalone ? [...standalone.files, ...standalone.auxiliaryFiles] : []);
        for (const name of Object.keys(assets)) {
          if (kept.has(name)) continue;
          // Its own manifest and stats describe remoteEntry.js's build too (the federation plugin names its expose
          // chunks only when it writes a manifest, so it must write one); the remote's own are the ones served.
          const ownManifest = name === 'mf-manifest.json' || name === 'mf-stats.json';
          if (!name.endsWith('.map') && !name.endsWith('.LICENSE.txt') && !standaloneFiles.has(name) && !ownManifest) {
            const built = path.join(outputPath, name);
            const same = fs.existsSync(built) && fs.readFileSync(built).equals(assets[name].buffer());
            if (!same) compilation.errors.push(new WebpackError(`${HOST_RUNTIME_ENTRY_FILE}: ${name} differs from the remote's own build, which the entry would load`));
          }
          compilation.deleteAsset(name);
        }
      });
    });
    compiler.hooks.afterEmit.tap('HostRuntimeEntryPlugin', (compilation) => {
      if (compilation.errors.length > 0) return;
      const manifestFile = path.join(outputPath, 'mf-manifest.json');
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
      manifest.metaData[HOST_RUNTIME_ENTRY_FIELD] = { name: HOST_RUNTIME_ENTRY_FILE, runtimeVersion: FEDERATION_RUNTIME_VERSION };
      fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
    });
  }
}

/**
 * A production remote's configuration for its host-runtime entry: the same build, with the container reading the
 * federation runtime from the host (`experiments.externalRuntime`), after the remote's own, into the same folder.
 */
function hostRuntimeEntryConfig(config, federationOptions) {
  const name = `${federationOptions.name}-host-runtime-entry`;
  return {
    ...config,
    name,
    dependencies: [config.name],
    // The same entries as the remote's own build: its chunks are split the same way only then.
    output: { ...config.output, clean: false },
    plugins: [
      ...config.plugins.filter((plugin) => !(plugin instanceof ModuleFederationPlugin) && !(plugin instanceof HtmlWebpackPlugin)),
      new ModuleFederationPlugin({ ...federationOptions, filename: HOST_RUNTIME_ENTRY_FILE, experiments: { ...federationOptions.experiments, externalRuntime: true } }),
      new HostRuntimeEntryPlugin(),
    ],
    cache: { ...config.cache, name: `${name}-${config.mode}` },
  };
}

/**
 * @param {{ appDir: string, port: number, title: string, hostRuntimeEntry?: boolean, extend?: (config: any, env: { production: boolean }) => any }} options
 * `hostRuntimeEntry`: a remote's production build also builds its host-runtime entry (shared/src/host-runtime-entry.ts).
 */
function createWebpackConfig({ appDir, port, title, hostRuntimeEntry = false, extend }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const federation = loadFederationConfig(appDir);
    const isHost = !federation.exposes;
    const federationOptions = {
      ...federation,
      // The browser build's federation runtime without its Node code paths; a remote loads no remote of its
      // own, so it also leaves out the remote-loading code and the manifest snapshot plugin (the shell, which
      // loads the remotes by their mf-manifest.json, keeps both).
      experiments: { ...federation.experiments, optimization: { target: 'web', ...(isHost ? {} : { disableRemote: true, disableSnapshot: true }) } },
    };
    const config = {
      name: federation.name,
      mode: production ? 'production' : 'development',
      context: appDir,
      entry: { [ENTRY_NAME]: './src/index.ts' },
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
        alias: { [ROUTER_FACADE.request]: ROUTER_FACADE.file, ...(production ? reactRouterProductionAlias() : {}) },
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
          // Every app's production CSS goes into content-hashed .css files (loaded with the chunk that needs it)
          // instead of strings in its JavaScript: a server-rendered page already has these styles inline, and CSS in
          // JS is downloaded, parsed, evaluated and inserted as script on every start-up. A remote's files are listed
          // per exposed module in its mf-manifest.json, which the render server reads to inline the page's own
          // (shell/src/ssr/page-styles.ts) and the federation runtime to load them on a client-side navigation.
          { test: /\.css$/, use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
          // `?inline`: a small image in the first screen (the home hero) goes into the HTML as a data URL, so the
          // largest paint needs no request to another origin. The server build inlines it the same way.
          { test: /\.svg$/, resourceQuery: /inline/, type: 'asset/inline' },
          { test: /\.(png|jpe?g|gif|webp|svg|woff2?|ttf)$/, resourceQuery: { not: [/inline/] }, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin(federationOptions),
        ...(production ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css', chunkFilename: '[name].[contenthash:10].css' })] : []),
        ...(production && isHost ? [new BootPreloadPlugin(), new EagerCompileHintPlugin()] : []),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'shared', 'index.html'),
          title,
          // Remotes' own dev page only; the shell's page is the site.
          chunks: [ENTRY_NAME],
        }),
      ],
      optimization: {
        minimize: production,
        // The CSS too (cssnano's default preset: whitespace, comments, shorter values; no unsafe rewrites): a page
        // carries its styles inline (shell/src/ssr/page-styles.ts), and the comments written for us cost every visitor
        // about 3 KB of its Brotli HTML, bytes the start-up scripts wait behind on a phone's link.
        minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify }), new CssMinimizerPlugin()],
        // MF shares modules per container; a runtime chunk per entry would break remoteEntry.
        runtimeChunk: false,
      },
      performance: { hints: false },
      cache: {
        type: 'filesystem',
        cacheDirectory: path.join(appDir, 'node_modules', '.cache', 'webpack'),
        version: `${production ? 'prod' : 'dev'}`,
        // Every file this configuration reads: a change to one of them invalidates the cache (the preload hints' priority
        // is written into the shell's index.html).
        buildDependencies: {
          config: [__filename, path.join(appDir, 'webpack.config.js'), path.join(appDir, 'module-federation.config.ts'), FEDERATION_FILE, PRELOAD_HINTS_FILE, PAGE_STYLES_FILE, HOST_RUNTIME_ENTRY_MODULE, require.resolve('./react-router-production')],
        },
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
    const built = extend ? extend(config, { production }) : config;
    return production && hostRuntimeEntry && !isHost ? [built, hostRuntimeEntryConfig(built, federationOptions)] : built;
  };
}

module.exports = { createWebpackConfig, bootFiles, ENTRY_NAME };
