import { sharedSingletons } from '../shared/federation';
import pkg from './package.json';

/**
 * The host declares no remotes at build time: it reads their mf-manifest.json URLs from /app-config.json
 * at run time (src/remotes/), so a remote redeploys without a shell rebuild.
 */
export default {
  name: 'shell',
  remotes: {},
  shared: sharedSingletons(pkg.dependencies),
  shareStrategy: 'loaded-first' as const,
  dts: false,
};
