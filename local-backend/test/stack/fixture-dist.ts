/** Small stand-ins for built apps: the names webpack produces (fixed-name entries, content-hashed chunks). */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FixtureDists {
  root: string;
  shell: string;
  publicSite: string;
  adminConsole: string;
}

function write(dir: string, files: Record<string, string | Buffer>) {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
}

export function createFixtureDists(): FixtureDists {
  const root = mkdtempSync(join(tmpdir(), 'sbc-dists-'));
  const shell = join(root, 'shell');
  const publicSite = join(root, 'public-site');
  const adminConsole = join(root, 'admin-console');
  write(shell, {
    'index.html': '<!doctype html><title>shell</title><div id="root"></div>',
    'main.0123456789.js': `console.log(${JSON.stringify('x'.repeat(2000))});`,
    'main.js': 'console.log("unhashed entry");',
    'styles.abcdef0123.css': 'body{margin:0}',
    'assets/logo.0a1b2c3d4e.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'assets/font.1234567890.woff2': Buffer.from([0x77, 0x4f, 0x46, 0x32]),
    'assets/font.1234567890.ttf': Buffer.from([0, 1, 0, 0]),
    'assets/module.fedcba9876.wasm': Buffer.from([0, 0x61, 0x73, 0x6d]),
    'app-config.json': '{"stale":true}',
    'sw.js': 'self.addEventListener("fetch", () => {});',
    'manifest.webmanifest': '{"name":"shell"}',
  });
  for (const dir of [publicSite, adminConsole]) {
    write(dir, {
      'index.html': '<!doctype html><title>remote</title>',
      'mf-manifest.json': '{"id":"remote"}',
      'remoteEntry.js': 'var remote = 1;',
      '__federation_expose_App.9876543210.js': 'export default 1;',
    });
  }
  return { root, shell, publicSite, adminConsole };
}
