import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { paths } from '@sbc/shared/src/paths';
import { APPLE_TOUCH_ICON, webAppManifest } from './web-app-manifest';

const tokensCss = readFileSync(join(__dirname, '../../../../shared/src/ui/tokens.css'), 'utf8');
const manifest = webAppManifest(tokensCss);

/** Width and height of a PNG file (its IHDR chunk). */
function pngSize(src: string): string {
  const bytes = readFileSync(join(__dirname, 'images', src.split('/').pop()!));
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('the web app manifest', () => {
  it('installs the site in a window of its own, in the navy of the design tokens', () => {
    expect(manifest).toMatchObject({ display: 'standalone', start_url: paths.home, scope: paths.home, theme_color: '#0b1d3a', background_color: '#0b1d3a' });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  });

  it('names the icons Chromium asks for, regular and maskable, each a PNG of its declared size', () => {
    const sizes = (purpose: string) => manifest.icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes);
    expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(sizes('maskable')).toEqual(expect.arrayContaining(['512x512']));
    for (const image of [...manifest.icons, ...manifest.screenshots]) expect(pngSize(image.src)).toBe(image.sizes);
    expect(existsSync(join(__dirname, 'images', APPLE_TOUCH_ICON.split('/').pop()!))).toBe(true);
  });

  it('has shortcuts to Products, Materials and the watchlist, and a screenshot for phones and computers', () => {
    expect(manifest.shortcuts.map((shortcut) => [shortcut.name, shortcut.url])).toEqual([
      ['Products', paths.products],
      ['Materials', paths.materials],
      ['Watchlist', paths.watchlist],
    ]);
    expect(manifest.screenshots.map((shot) => shot.form_factor)).toEqual(['narrow', 'wide']);
  });
});
