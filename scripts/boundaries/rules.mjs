/**
 * The import boundaries of the repository, as a table: who may not import what. Checked on every `npm test`
 * and `npm run lint` by scripts/check-boundaries.mjs; paths are repository-relative folders.
 * Tests (`*.test.ts(x)`, and the helpers in `functions/test/` and `local-backend/test/`) may use the local backend's emulators and fixtures, so the app rules skip them. `allow` lists
 * the exceptions to a rule's `forbid` (files or folders), each with its reason.
 */
const APPS = ['shell/', 'public-site/', 'admin-console/'];

export const BOUNDARIES = [
  {
    from: 'domain/',
    forbid: ['shared/', ...APPS, 'functions/', 'local-backend/', 'e2e/'],
    why: 'the domain is pure code every app and the functions bundle: it imports nothing of the repository',
  },
  {
    from: 'shared/',
    forbid: [...APPS, 'functions/', 'local-backend/', 'e2e/'],
    why: 'shared is what every app builds on: it imports no app, backend or test tool',
  },
  {
    from: 'public-site/',
    forbid: ['shell/', 'admin-console/', 'functions/', 'local-backend/'],
    why: 'a remote ships alone: it imports neither the shell nor the other remote (only @sbc/shared)',
  },
  {
    from: 'admin-console/',
    forbid: ['shell/', 'public-site/', 'functions/', 'local-backend/'],
    why: 'a remote ships alone: it imports neither the shell nor the other remote (only @sbc/shared)',
  },
  {
    from: 'shell/',
    forbid: ['public-site/', 'admin-console/', 'functions/', 'local-backend/'],
    why: 'the shell reaches the remotes through Module Federation at run time, never through their source',
  },
  {
    from: 'functions/',
    forbid: [...APPS, 'shared/', 'local-backend/', 'e2e/'],
    // The open data API reads Firestore with the render server's signed-out gateway, so that it reads exactly what
    // the public pages read, through the same rules: that gateway and the read modules it imports use only
    // firebase/firestore/lite and the domain, and esbuild bundles them into the function.
    // The telemetry endpoint checks release ids with the one rule the builds stamp them by (pure string code).
    allow: ['shared/src/ssr/server-gateway', 'shared/src/config/runtime-config', 'shared/src/release-layout'],
    why: 'the Cloud Functions deploy alone: of the site they may use only the pure domain code (@sbc/domain) and the render server\'s read gateway',
  },
];

/**
 * Feature folders (bulletproof-react): a file in `<app>/src/features/<a>/` imports nothing from
 * `<app>/src/features/<b>/`. What two features share lives above them (components/, hooks/) or in @sbc/shared;
 * the app layer (`src/app`, routes) composes features.
 */
export const FEATURE_ROOTS = ['shell/src/features/', 'public-site/src/features/', 'admin-console/src/features/'];

/** Bare specifiers that name repository folders. */
export const ALIASES = { '@sbc/shared': 'shared/src/index.ts', '@sbc/domain': 'domain/src/index.ts' };
