// Predeploy of the shell's Hosting target and of the functions: puts what production's render function
// (functions/src/render-page.ts) runs into functions/ssr/ — the render module (shell/dist-server/render.js),
// the shell's index.html (the page template) and its filled app-config.json — and gives Hosting the shell
// page under the name the catch-all rewrite serves (app.html; index.html itself is not uploaded, otherwise
// Hosting would answer `/` with it instead of asking the render function).
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const files = {
  render: join(root, 'shell', 'dist-server', 'render.js'),
  index: join(root, 'shell', 'dist', 'index.html'),
  config: join(root, 'shell', 'dist', 'app-config.json'),
};
const missing = Object.values(files).filter((file) => !existsSync(file));
if (missing.length > 0) {
  console.error(`Cannot prepare the render function, missing: ${missing.join(', ')}. Run \`npm run build -w shell\` and fill shell/dist/app-config.json (README, "Build and deploy each app alone").`);
  process.exit(1);
}
const target = join(root, 'functions', 'ssr');
mkdirSync(target, { recursive: true });
copyFileSync(files.render, join(target, 'render.js'));
copyFileSync(files.index, join(target, 'index.html'));
copyFileSync(files.config, join(target, 'app-config.json'));
copyFileSync(files.index, join(root, 'shell', 'dist', 'app.html'));
console.log(`Render function files in ${target}; shell/dist/app.html written.`);
