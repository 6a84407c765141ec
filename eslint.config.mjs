// ESLint (flat config) with typescript-eslint's type-aware rules, and the module boundaries:
// apps never import one another (by path or by package), libs never import apps, scripts and tests
// import no app's source, the shared libs (scope:shared) import no framework and no server lib, and
// the browser apps (scope:web) import no server code. docs/architecture.md explains the layout.
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const FRAMEWORKS = ['@nestjs/*', 'react', 'react-dom', 'react-*', 'typeorm', 'ioredis', 'bullmq', 'express', 'socket.io*'];
const SERVER_LIBS = ['@candor/db', '@candor/cross-process'];
const APP_PACKAGES = ['@candor/server', '@candor/server/*', '@candor/web', '@candor/web/*', '@candor/console', '@candor/console/*'];
const SERVER_ONLY = [...SERVER_LIBS, '@candor/server', '@candor/server/*', '@nestjs/*', 'typeorm', 'ioredis', 'bullmq', 'pg'];
const restrict = (group, message) => ['error', { patterns: [{ group: [...new Set(group)], message }] }];

// Resolved paths that may not be imported (import-x/no-restricted-paths): relative imports across
// an app's root are caught here, package names by no-restricted-imports below.
const ZONES = [
  { target: './apps/server', from: ['./apps/web', './apps/console'], message: 'The server imports no browser app.' },
  { target: './apps/web', from: ['./apps/server', './apps/console', './libs/db', './libs/cross-process'], message: 'The web app imports only shared libs.' },
  { target: './apps/console', from: ['./apps/server', './apps/web', './libs/db', './libs/cross-process'], message: 'The console imports only shared libs.' },
  { target: './libs', from: './apps', message: 'Libraries import no app.' },
  { target: './scripts', from: './apps', message: 'Scripts run the apps (node apps/server/dist/...) and import only libs.' },
  {
    target: ['./libs/domain', './libs/contracts', './libs/i18n'],
    from: ['./libs/db', './libs/cross-process'],
    message: 'scope:shared libraries import no server library.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      'screenshots/**',
      'bench-results/**',
      '**/*.js',
      '*.mjs',
      '**/vite.config.ts',
      'scripts/testing/fixtures/**',
    ],
  },
  ...tseslint.configs.recommended.map((c) => ({ ...c, files: ['**/*.ts', '**/*.tsx'] })),
  {
    files: ['**/*.ts', '**/*.tsx', 'scripts/**/*.mjs'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['tsconfig.spec.json', 'apps/*/tsconfig.json', 'libs/*/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: ZONES }],
      'no-restricted-imports': restrict(APP_PACKAGES, 'Apps are run, not imported: move shared code to a lib.'),
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unsafe-function-type': 'off',
      'no-restricted-properties': [
        'error',
        { object: 'it', property: 'only', message: 'No focused tests.' },
        { object: 'describe', property: 'only', message: 'No focused tests.' },
        { object: 'test', property: 'only', message: 'No focused tests.' },
        { object: 'it', property: 'skip', message: 'No skipped tests.' },
        { object: 'describe', property: 'skip', message: 'No skipped tests.' },
        { object: 'test', property: 'skip', message: 'No skipped tests.' },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fit', message: 'No focused tests.' },
        { name: 'fdescribe', message: 'No focused tests.' },
        { name: 'xit', message: 'No skipped tests.' },
        { name: 'xdescribe', message: 'No skipped tests.' },
      ],
    },
  },
  {
    // Tests are outside the build tsconfigs; they are type-checked through tsconfig.spec.json.
    files: ['libs/**/*.spec.ts', 'apps/server/**/*.spec.ts', 'scripts/**/*.spec.ts', 'apps/*/test/**/*.ts', 'apps/*/e2e/**/*.ts'],
    languageOptions: { parserOptions: { projectService: false, project: ['./tsconfig.spec.json'], tsconfigRootDir: import.meta.dirname } },
  },
  {
    files: ['libs/domain/**/*.ts', 'libs/contracts/**/*.ts', 'libs/i18n/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([...FRAMEWORKS, ...SERVER_LIBS, ...APP_PACKAGES], 'scope:shared libraries import no framework and no server code.'),
    },
  },
  {
    files: ['apps/web/**/*.ts', 'apps/web/**/*.tsx', 'apps/console/**/*.ts', 'apps/console/**/*.tsx'],
    ignores: ['apps/*/e2e/**'],
    rules: { 'no-restricted-imports': restrict([...SERVER_ONLY, ...APP_PACKAGES], 'scope:web code imports no server code and no other app.') },
  },
);
