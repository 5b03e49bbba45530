const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { InjectManifest } = require('workbox-webpack-plugin');
const { register } = require('tsx/cjs/api');
const { createWebpackConfig, bootFiles, ENTRY_NAME } = require('../webpack.config.base');

const OFFLINE_DIR = path.join(__dirname, 'src', 'features', 'offline');
const TOKENS_CSS = path.join(__dirname, '..', 'shared', 'src', 'ui', 'tokens.css');

/** The web app manifest module (TypeScript: it takes the routes from @sbc/shared's paths). */
function loadManifestModule() {
  const unregister = register();
  try {
    return require(path.join(OFFLINE_DIR, 'web-app-manifest.ts'));
  } finally {
    unregister();
  }
}
const manifestModule = loadManifestModule();

/**
 * Installing the site (docs/offline.md): emits /manifest.webmanifest (./src/features/offline/web-app-manifest.ts,
 * colours from the design tokens) and the icons and screenshots it names, and links them from the page's <head>
 * (the render server fills the same index.html, so every page has them).
 */
class WebAppManifestPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('WebAppManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'WebAppManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const manifest = manifestModule.webAppManifest(fs.readFileSync(TOKENS_CSS, 'utf8'));
        compilation.emitAsset(manifestModule.MANIFEST_PATH.slice(1), new webpack.sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
        const images = [...manifest.icons, ...manifest.screenshots].map((image) => image.src).concat(manifestModule.APPLE_TOUCH_ICON);
        for (const src of images) {
          const file = path.join(OFFLINE_DIR, 'images', path.basename(src));
          compilation.fileDependencies.add(file);
          compilation.emitAsset(src.slice(1), new webpack.sources.RawSource(fs.readFileSync(file)));
        }
      });
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('WebAppManifestPlugin', (data) => {
        const tag = (tagName, attributes) => ({ tagName, voidTag: true, meta: { plugin: 'WebAppManifestPlugin' }, attributes });
        data.headTags.unshift(
          tag('link', { rel: 'manifest', href: manifestModule.MANIFEST_PATH }),
          tag('link', { rel: 'apple-touch-icon', href: manifestModule.APPLE_TOUCH_ICON }),
          // iOS Safari's name under the icon (it does not read short_name).
          tag('meta', { name: 'apple-mobile-web-app-title', content: manifestModule.APP_SHORT_NAME }),
        );
        return data;
      });
    });
  }
}

module.exports = createWebpackConfig({
  appDir: __dirname,
  port: 3000,
  title: manifestModule.APP_NAME,
  extend: (config, { production }) => {
    config.plugins.push(new WebAppManifestPlugin());
    if (production) {
      // The service worker (./src/features/offline/sw.ts), at the root scope as /sw.js. Precached: only the shell's
      // start-up files (the preload hints' list), by their content-hashed names; everything else is cached at run time.
      config.plugins.push(
        new InjectManifest({
          swSrc: path.join(OFFLINE_DIR, 'sw.ts'),
          swDest: 'sw.js',
          compileSrc: true,
          webpackCompilationPlugins: [new webpack.DefinePlugin({ __SBC_TOKENS_CSS__: JSON.stringify(fs.readFileSync(TOKENS_CSS, 'utf8')) })],
          dontCacheBustURLsMatching: /\.[0-9a-f]{10}\./,
          manifestTransforms: [
            (entries, /** @type {any} */ compilation) => {
              const { scripts, styles } = bootFiles(compilation);
              const entry = /** @type {import('webpack').Compilation} */ (compilation).entrypoints.get(ENTRY_NAME);
              const boot = new Set([...(entry ? entry.getFiles() : []), ...scripts, ...styles]);
              return { manifest: entries.filter((entry) => boot.has(entry.url.replace(/^\//, ''))), warnings: [] };
            },
          ],
        }),
      );
    }
    return config;
  },
});
