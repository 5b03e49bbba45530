// Draws the installed app's icons (shell/src/features/offline/images/*.png, committed) from one SVG, rasterised by the
// Debian chromium through playwright-core: run once after changing the drawing, `node scripts/generate-app-icons.mjs`.
// `--screenshots <site url>` also takes the manifest's two screenshots (a phone and a computer) of a running site
// (`npm start`), in the dark theme: the home page on the phone, the energy sector's products on the computer.
// The colours are the design tokens' navy and gold (shared/src/ui/tokens.css), read from the file so the icons
// follow them. "maskable" icons fill the whole square and keep the letter inside the central 80 % safe zone
// (the launcher crops them to its own shape); the regular ones are the favicon's rounded square.
import { readFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const tokens = readFileSync(new URL('../shared/src/ui/tokens.css', import.meta.url), 'utf8');
const token = (name) => {
  const match = new RegExp(`${name}:\\s*(#[0-9a-fA-F]{3,8})`).exec(tokens);
  if (!match) throw new Error(`tokens.css has no ${name}`);
  return match[1];
};
const navy = token('--sbc-navy');
const gold = token('--sbc-gold');

/** The letter S on navy; `maskable`: full bleed, letter within the safe zone. */
function svg(size, maskable) {
  const radius = maskable ? 0 : size * 0.1875;
  const fontSize = size * (maskable ? 0.42 : 0.58);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${radius}" fill="${navy}"/>
  <text x="50%" y="50%" dy="0.35em" font-size="${fontSize}" font-weight="700" text-anchor="middle" fill="${gold}"
    font-family="DejaVu Sans, sans-serif">S</text>
</svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-192.png', size: 192, maskable: true },
  { file: 'maskable-512.png', size: 512, maskable: true },
  // iOS reads <link rel="apple-touch-icon"> (180 px) and masks it itself: full bleed like a maskable icon.
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
];

const outDir = fileURLToPath(new URL('../shell/src/features/offline/images/', import.meta.url));
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg(icon.size, icon.maskable)}</body></html>`);
    await page.locator('svg').screenshot({ path: `${outDir}${icon.file}`, omitBackground: true });
    console.log(`${icon.file} ${icon.size}x${icon.size}`);
  }
  const site = process.argv.indexOf('--screenshots');
  if (site !== -1) {
    const base = process.argv[site + 1];
    const shots = [
      { file: 'screenshot-narrow.png', path: '/', viewport: { width: 412, height: 915 } },
      { file: 'screenshot-wide.png', path: '/products?sector=energy', viewport: { width: 1280, height: 800 } },
    ];
    for (const shot of shots) {
      const context = await browser.newContext({ viewport: shot.viewport, colorScheme: 'dark' });
      const shotPage = await context.newPage();
      await shotPage.goto(new URL(shot.path, base).href, { waitUntil: 'networkidle' });
      await shotPage.locator('html[data-hydrated]').waitFor();
      await shotPage.screenshot({ path: `${outDir}${shot.file}` });
      await context.close();
      console.log(`${shot.file} ${shot.viewport.width}x${shot.viewport.height}`);
    }
  }
} finally {
  await browser.close();
}
