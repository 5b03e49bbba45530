import { sharedSingletons } from '../shared/federation';
import { PUBLIC_SITE_PAGES, PUBLIC_SITE_REMOTE } from '../shared/src/remote-contract';
import pkg from './package.json';

/** Exposes exactly the pages the shared remote contract lists; a missing page file fails the build. */
export default {
  name: PUBLIC_SITE_REMOTE,
  filename: 'remoteEntry.js',
  exposes: Object.fromEntries(PUBLIC_SITE_PAGES.map((page) => [`./${page}`, `./src/exposed/${page}.tsx`])),
  shared: sharedSingletons(pkg.dependencies),
  shareStrategy: 'loaded-first' as const,
  manifest: true,
  dts: false,
};
