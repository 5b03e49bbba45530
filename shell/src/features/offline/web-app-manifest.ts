/**
 * The web app manifest (/manifest.webmanifest), written by the shell's build (shell/webpack.config.js) from this
 * module: what a phone needs to install the site as an app of its own window (docs/offline.md). The shortcuts
 * take their addresses from the route table (paths), the colours from the design tokens (tokens.css is read by the
 * build and passed in), so neither is written twice.
 */
import { paths } from '@sbc/shared/src/paths';

/** The installed app's name, also the title of the shell's page before a page sets its own. */
export const APP_NAME = 'SBC Tycoon — Market Monitor';
/** Under the icon on a home screen (about 12 characters fit). */
export const APP_SHORT_NAME = 'SBC Market';
export const MANIFEST_PATH = '/manifest.webmanifest';
/** Where the icons are served (the build copies ./images there). */
export const IMAGES_PATH = '/app-images';

export interface ManifestImage {
  src: string;
  sizes: string;
  type: string;
  purpose?: 'any' | 'maskable';
  form_factor?: 'narrow' | 'wide';
  label?: string;
}

/** The icon files in ./images (scripts/generate-app-icons.mjs draws them): the sizes Chromium and Android ask for. */
export const MANIFEST_ICONS: readonly ManifestImage[] = [
  { src: `${IMAGES_PATH}/icon-192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: `${IMAGES_PATH}/icon-512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: `${IMAGES_PATH}/maskable-192.png`, sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: `${IMAGES_PATH}/maskable-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];
/** iOS ignores the manifest's icons and reads <link rel="apple-touch-icon">. */
export const APPLE_TOUCH_ICON = `${IMAGES_PATH}/apple-touch-icon-180.png`;

/** Screenshots of the real site (scripts/generate-app-icons.mjs --screenshots), shown by richer install dialogs. */
export const MANIFEST_SCREENSHOTS: readonly ManifestImage[] = [
  { src: `${IMAGES_PATH}/screenshot-narrow.png`, sizes: '412x915', type: 'image/png', form_factor: 'narrow', label: 'Market overview on a phone' },
  { src: `${IMAGES_PATH}/screenshot-wide.png`, sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'Products of a sector on a computer' },
];

/** A custom property's colour in tokens.css (its first, light-theme, value). */
export function tokenColour(tokensCss: string, name: string): string {
  const match = new RegExp(`${name}:\\s*(#[0-9a-fA-F]{3,8})\\s*;`).exec(tokensCss);
  if (!match) throw new Error(`tokens.css has no colour ${name}`);
  return match[1];
}

export function webAppManifest(tokensCss: string) {
  // Navy stays navy in both themes (tokens.css): the title bar and the splash screen are the header's colour.
  const navy = tokenColour(tokensCss, '--sbc-navy');
  const shortcutIcons = [MANIFEST_ICONS[0]];
  return {
    id: paths.home,
    name: APP_NAME,
    short_name: APP_SHORT_NAME,
    description: 'Markets of the SBC Tycoon game: sectors, products, materials and your watchlist, also offline.',
    lang: 'en',
    dir: 'ltr',
    start_url: paths.home,
    scope: paths.home,
    display: 'standalone',
    theme_color: navy,
    background_color: navy,
    categories: ['games', 'finance'],
    icons: MANIFEST_ICONS,
    shortcuts: [
      { name: 'Products', short_name: 'Products', description: 'Products of every sector', url: paths.products, icons: shortcutIcons },
      { name: 'Materials', short_name: 'Materials', description: 'Material prices', url: paths.materials, icons: shortcutIcons },
      { name: 'Watchlist', short_name: 'Watchlist', description: 'Your watchlist and alerts', url: paths.watchlist, icons: shortcutIcons },
    ],
    screenshots: MANIFEST_SCREENSHOTS,
  };
}
