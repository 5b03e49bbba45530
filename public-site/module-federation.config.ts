import { sharedSingletons } from '../shared/federation';
import { PUBLIC_SITE_PAGES, PUBLIC_SITE_REMOTE } from '../shared/src/remote-contract';
import pkg from './package.json';

/** Exposes exactly the pages the shared remote contract lists; a missing page file fails the build. */
export default {
  name: PUBLIC_SITE_REMOTE,
  filename: 'remoteEntry.js',
  exposes: {
    ...Object.fromEntries(PUBLIC_SITE_PAGES.map((page) => [`./${page}`, `./src/exposed/${page}.tsx`])),
    // The data a page needs before it renders: the shell runs it before hydrating a server-rendered page.
    './prepare': './src/ssr/prepare.ts',
  },
  shared: sharedSingletons(pkg.dependencies),
  shareStrategy: 'loaded-first' as const,
  manifest: true,
  dts: false,
};
