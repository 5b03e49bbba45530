/**
 * One jest run for every workspace. `unit` and `dom` need nothing running; `integration` tests start the
 * project's own Firestore emulator in-process and need the firebase-tools Auth/Functions emulators, so they
 * run under `npm run test:integration` (see local-backend/README.md).
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' }, useDefineForClassFields: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  rootDir: __dirname,
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    // Stylesheets first: '@sbc/shared/src/ui/tokens.css' is a stylesheet, not a module of shared/src.
    '\\.(css)$': '<rootDir>/jest/style-stub.js',
    '^@sbc/shared$': '<rootDir>/shared/src/index.ts',
    '^@sbc/domain$': '<rootDir>/domain/src/index.ts',
    '^@sbc/shared/src/(.*)$': '<rootDir>/shared/src/$1',
    '^@sbc/shared/(.*)$': '<rootDir>/shared/src/$1',
    '\\.(svg|png|jpg|webp)(\\?inline)?$': '<rootDir>/jest/file-stub.js',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/'],
};
module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{domain,shared,shell,public-site,admin-console,local-backend,functions,scripts}/**/*.test.ts'],
      testPathIgnorePatterns: [...common.testPathIgnorePatterns, '\\.int\\.test\\.ts$', '/scripts/boundaries/fixtures/'],
    },
    {
      ...common,
      displayName: 'dom',
      testEnvironment: 'jsdom',
      setupFiles: ['<rootDir>/jest/jsdom-polyfills.ts'],
      setupFilesAfterEnv: ['<rootDir>/jest/setup-dom.ts'],
      testMatch: ['<rootDir>/{shared,shell,public-site,admin-console}/**/*.test.tsx'],
      // Each test's time limit is set in jest/setup-dom.ts: jest-circus reads the run's testTimeout, not a project's.
    },
    {
      ...common,
      displayName: 'integration',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{shared,local-backend,functions}/**/*.int.test.ts'],
    },
  ],
};
