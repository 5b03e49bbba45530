/**
 * The share scope every app declares identically: singletons with `requiredVersion` read from the app's
 * own package.json, so a remote built against an incompatible major warns instead of silently mixing.
 * Only the root of `@sbc/shared` is shared: deep imports would create a second instance of the stores.
 */
type Shared = Record<string, { singleton: true; requiredVersion: string; eager?: boolean }>;

export const SINGLETONS = ['react', 'react-dom', 'react-router-dom', 'mobx', 'mobx-react-lite', '@sbc/shared'] as const;

export function sharedSingletons(dependencies: Record<string, string>): Shared {
  const shared: Shared = {};
  for (const name of SINGLETONS) {
    const version = dependencies[name];
    if (!version) throw new Error(`package.json must depend on ${name} to share it`);
    shared[name] = { singleton: true, requiredVersion: `^${version.replace(/^[\^~]/, '')}` };
  }
  return shared;
}
