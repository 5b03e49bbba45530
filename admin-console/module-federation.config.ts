import { sharedSingletons } from '../shared/federation';
import { ADMIN_CONSOLE_PAGES, ADMIN_CONSOLE_REMOTE } from '../shared/src/remote-contract';
import pkg from './package.json';

/** Exposes exactly the pages the shared remote contract lists; a missing page file fails the build. */
export default {
  name: ADMIN_CONSOLE_REMOTE,
  filename: 'remoteEntry.js',
  exposes: Object.fromEntries(ADMIN_CONSOLE_PAGES.map((page) => [`./${page}`, `./src/exposed/${page}.tsx`])),
  shared: sharedSingletons(pkg.dependencies),
  shareStrategy: 'loaded-first' as const,
  manifest: true,
  dts: false,
};
