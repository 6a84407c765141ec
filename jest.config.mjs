// One jest configuration, four tiers chosen with --selectProjects (see scripts/test.mjs).
// NestJS 12 is ESM-only, so tests run as ESM through @swc/jest.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];
// ESM-only packages that a CommonJS dependency require()s (Node 20 loads them natively, jest cannot):
// compiled to CommonJS for the tests. content-disposition: required by @fastify/static.
const requiredEsm = ['content-disposition'];
const toCommonJs = ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }];
const common = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { [`/node_modules/(.*/)?(${requiredEsm.join('|')})/.+\\.js$`]: toCommonJs, '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(.*/)?(${requiredEsm.join('|')})/)`],
  moduleNameMapper: {
    '^@candor/(domain|contracts|i18n|db|cross-process)$': '<rootDir>/libs/$1/src/index.ts',
    // The package subpaths of libs/*/package.json `exports` (`@candor/contracts/paths`), from source too.
    '^@candor/(contracts|i18n)/(.+)$': '<rootDir>/libs/$1/src/$2.ts',
    // Not `x.json.js`: libphonenumber-js imports its metadata through such a wrapper, and loading the bare JSON
    // instead made jest warn about a missing import attribute on every file that reaches it.
    '^(\\.{1,2}/.*(?<!\\.json))\\.js$': '$1',
    '\\.css$': '<rootDir>/scripts/testing/css-stub.cjs',
  },
  testEnvironment: 'node',
  modulePathIgnorePatterns: ['<rootDir>/dist', '<rootDir>/apps/.*/dist', '<rootDir>/libs/.*/dist', '<rootDir>/.data'],
};
export default {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{apps,libs}/*/src/**/*.spec.ts', '<rootDir>/apps/*/build/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/apps/*/test/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/scripts/testing/integration-setup.mjs',
      globalTeardown: '<rootDir>/scripts/testing/integration-teardown.mjs',
      setupFilesAfterEnv: ['<rootDir>/scripts/testing/timeout-long.mjs'],
    },
    {
      ...common,
      displayName: 'cluster',
      testMatch: ['<rootDir>/apps/*/test/**/*.cluster-spec.ts'],
      globalSetup: '<rootDir>/scripts/testing/cluster-setup.mjs',
      globalTeardown: '<rootDir>/scripts/testing/cluster-teardown.mjs',
      setupFilesAfterEnv: ['<rootDir>/scripts/testing/timeout-long.mjs'],
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/apps/*/e2e/**/*.e2e.ts'],
      globalSetup: '<rootDir>/scripts/testing/browser-setup.mjs',
      globalTeardown: '<rootDir>/scripts/testing/browser-teardown.mjs',
      setupFilesAfterEnv: ['<rootDir>/scripts/testing/timeout-long.mjs'],
    },
  ],
};
