/** @jest-environment jsdom */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { paths } from '@sbc/shared/src/paths';
import {
  connectionNeed,
  htmlTitle,
  isOfflinePage,
  markOfflineCopy,
  OFFLINE_COPY_ATTRIBUTE,
  NEEDS_CONNECTION_TEXT,
  OFFLINE_PAGE_INTRO,
  OFFLINE_PAGE_NONE,
  offlineList,
  offlinePageHtml,
  pageImages,
  requestKind,
} from './sw-policy';

const ORIGIN = 'https://sbc.example';
const request = (url: string, init: Partial<{ method: string; mode: string; destination: string }> = {}) => ({
  method: 'GET',
  mode: 'cors',
  destination: '',
  url,
  ...init,
});

describe('what the service worker does with a request', () => {
  it('answers the site pages, the manifests, hashed chunks and images, and nothing else', () => {
    expect(requestKind(request(`${ORIGIN}/products?sector=energy`, { mode: 'navigate', destination: 'document' }), ORIGIN)).toBe('page');
    expect(requestKind(request('https://public.example/mf-manifest.json'), ORIGIN)).toBe('manifest');
    expect(requestKind(request('https://admin.example/remoteEntry.js', { destination: 'script' }), ORIGIN)).toBe('manifest');
    // A remote's entry on the shell's federation runtime (@sbc/shared/src/host-runtime-entry.ts), in a release's folder.
    expect(requestKind(request('https://public.example/releases/20261128-010000-abc1234/remoteEntry.host-runtime.js', { destination: 'script' }), ORIGIN)).toBe('manifest');
    expect(requestKind(request('https://public.example/x-remoteEntry.host-runtime.js', { destination: 'script' }), ORIGIN)).toBeNull();
    expect(requestKind(request(`${ORIGIN}/app-config.json`), ORIGIN)).toBe('manifest');
    expect(requestKind(request('https://public.example/__federation_expose_HomePage.0123456789.js', { destination: 'script' }), ORIGIN)).toBe('chunk');
    expect(requestKind(request(`${ORIGIN}/main.abcdef0123.css`, { destination: 'style' }), ORIGIN)).toBe('chunk');
    expect(requestKind(request('https://public.example/assets/screen-hq.0123456789.svg', { destination: 'image' }), ORIGIN)).toBe('image');
    // Not handled: Firestore's POSTs, unhashed scripts, the open data API, another site's pages.
    expect(requestKind(request('https://firestore.googleapis.com/v1/projects/p/databases/(default)/documents:runQuery', { method: 'POST' }), ORIGIN)).toBeNull();
    expect(requestKind(request(`${ORIGIN}/main.js`, { destination: 'script' }), ORIGIN)).toBeNull();
    expect(requestKind(request(`${ORIGIN}/api/v1/products`), ORIGIN)).toBeNull();
    expect(requestKind(request('https://elsewhere.example/', { mode: 'navigate' }), ORIGIN)).toBeNull();
  });

  it('keeps the public pages and the watchlist for offline reading, never sign-in, registration or admin pages', () => {
    for (const path of [paths.home, paths.products, paths.product('solar-panel'), paths.materials, paths.material('Copper'), paths.faq, paths.watchlist]) {
      expect(isOfflinePage(path)).toBe(true);
    }
    for (const path of [paths.login, paths.register, paths.admin, paths.adminJsonEditor, '/no-such-page']) expect(isOfflinePage(path)).toBe(false);
  });

  it('knows which pages need a connection', () => {
    expect(connectionNeed(paths.login)).toBe('signIn');
    expect(connectionNeed(paths.register)).toBe('register');
    expect(connectionNeed(paths.adminUsers)).toBe('admin');
    expect(connectionNeed(paths.products)).toBeNull();
  });
});

describe('the offline page', () => {
  const kept = [
    { url: `${ORIGIN}/products?sector=energy`, title: 'Energy products — SBC Tycoon', savedAt: Date.parse('2026-11-25T14:00:00Z') },
    { url: `${ORIGIN}/`, title: 'SBC Tycoon — Market Monitor', savedAt: Date.parse('2026-11-25T13:00:00Z') },
    { url: `${ORIGIN}/materials/Copper`, title: 'Copper — SBC Tycoon', savedAt: Date.parse('2026-11-25T14:30:00Z') },
  ];

  it('lists the kept pages, home first, then the newest, with their titles without the site name', () => {
    expect(offlineList(kept, 'SBC Tycoon')).toEqual([
      { href: '/', label: 'SBC Tycoon — Market Monitor', savedAt: kept[1].savedAt },
      { href: '/materials/Copper', label: 'Copper', savedAt: kept[2].savedAt },
      { href: '/products?sector=energy', label: 'Energy products', savedAt: kept[0].savedAt },
    ]);
  });

  it('is a page of links to them with the time of their figures, styled by the site tokens', () => {
    const tokensCss = readFileSync(join(__dirname, '../../../../shared/src/ui/tokens.css'), 'utf8');
    const html = offlinePageHtml({ url: '/products/unseen?range=7d', pages: kept, siteName: 'SBC Tycoon', tokensCss, formatTime: () => '14:30' });
    document.documentElement.innerHTML = html.replace(/^<!doctype html>\s*<html lang="en">|<\/html>$/g, '');
    expect(document.querySelector('h1')?.textContent).toBe('You are offline');
    expect(document.querySelector('.notice')?.textContent).toBe(OFFLINE_PAGE_INTRO);
    const links = [...document.querySelectorAll('li a')].map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['SBC Tycoon — Market Monitor', '/'],
      ['Copper', '/materials/Copper'],
      ['Energy products', '/products?sector=energy'],
    ]);
    expect(document.querySelector('li')?.textContent).toContain('figures from 14:30');
    expect(document.querySelector('main > p a')?.getAttribute('href')).toBe('/products/unseen?range=7d');
    expect(document.querySelector('style')?.textContent).toContain('--sbc-navy');
  });

  it('says a page needs a connection, and when nothing is kept yet', () => {
    const html = offlinePageHtml({ url: paths.login, pages: [], siteName: 'SBC', tokensCss: '', formatTime: String });
    expect(html).toContain(NEEDS_CONNECTION_TEXT.signIn);
    expect(html).toContain(OFFLINE_PAGE_NONE);
  });

  it('escapes what it did not write', () => {
    const html = offlinePageHtml({ url: '/x', pages: [{ url: `${ORIGIN}/faq`, title: '<script>x</script>', savedAt: 0 }], siteName: 'SBC', tokensCss: '', formatTime: String });
    expect(html).not.toContain('<script>x');
  });
});

describe('reading a kept page', () => {
  it('takes its title and the images it shows', () => {
    const html = '<title>Energy &amp; power — SBC</title><img alt="" src="https://public.example/a.0123456789.svg"><img src="data:image/png;base64,AA"><img loading="lazy" src="/b.png">';
    expect(htmlTitle(html)).toBe('Energy & power — SBC');
    expect(pageImages(html, ORIGIN)).toEqual(['https://public.example/a.0123456789.svg', `${ORIGIN}/b.png`]);
  });
});

describe('a kept page served offline', () => {
  it('says so on its <html>, with the time it was saved', () => {
    const html = markOfflineCopy('<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>', 1764081000000);
    expect(html).toContain(`<html ${OFFLINE_COPY_ATTRIBUTE}="1764081000000" lang="en">`);
    expect(html).toContain('<div id="root"></div>');
  });
});
