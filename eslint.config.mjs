// ESLint (flat config) with typescript-eslint's type-aware rules, and the module boundaries:
// apps never import one another (by path or by package), libs never import apps, scripts and tests
// import no app's source, the shared libs (scope:shared) import no framework and no server lib, and
// the browser apps (scope:web) import no server code. docs/architecture.md explains the layout.
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import fs from 'node:fs';
import path from 'node:path';

const FRAMEWORKS = ['@nestjs/*', 'react', 'react-dom', 'react-*', 'typeorm', 'ioredis', 'bullmq', 'express', 'socket.io*'];
const SERVER_LIBS = ['@candor/db', '@candor/cross-process'];
const APP_PACKAGES = ['@candor/server', '@candor/server/*', '@candor/web', '@candor/web/*', '@candor/console', '@candor/console/*'];
const SERVER_ONLY = [...SERVER_LIBS, '@candor/server', '@candor/server/*', '@nestjs/*', 'typeorm', 'ioredis', 'bullmq', 'pg'];
// Apps reach the libraries by package name (`@candor/contracts/paths`), never by a relative path into
// libs/, so a library's layout can change without breaking them.
const BY_PACKAGE = { group: ['**/libs/*', '**/libs/**'], message: 'Import a library by its package name (@candor/...), not by a path into libs/.' };
const restrict = (group, message, extra = []) => ['error', { patterns: [{ group: [...new Set(group)], message }, ...extra] }];

// Resolved paths that may not be imported (import-x/no-restricted-paths): relative imports across
// an app's root are caught here, package names by no-restricted-imports below.
const ZONES = [
  { target: './apps/server', from: ['./apps/web', './apps/console'], message: 'The server imports no browser app.' },
  // The apps' own code; their browser tests run in Node and may read the server's Redis names.
  {
    target: './apps/web/src',
    from: ['./apps/server', './apps/console', './libs/db', './libs/cross-process'],
    message: 'The web app imports only shared libs.',
  },
  {
    target: './apps/console/src',
    from: ['./apps/server', './apps/web', './libs/db', './libs/cross-process'],
    message: 'The console imports only shared libs.',
  },
  { target: './libs', from: './apps', message: 'Libraries import no app.' },
  { target: './scripts', from: './apps', message: 'Scripts run the apps (node apps/server/dist/...) and import only libs.' },
  {
    target: ['./libs/domain', './libs/contracts', './libs/i18n'],
    from: ['./libs/db', './libs/cross-process'],
    message: 'scope:shared libraries import no server library.',
  },
];

// A feature of the web app or the console imports no other feature (bulletproof-react's rule): what two
// features share moves down to components/ or lib/, and pages compose features. Read from the folders,
// so a new feature is covered the day it is added.
const featureZones = (app) => {
  const dir = path.join(import.meta.dirname, 'apps', app, 'src', 'features');
  const names = fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
  return names.map((name) => ({
    target: `./apps/${app}/src/features/${name}`,
    from: `./apps/${app}/src/features`,
    except: [`./${name}`],
    message: 'A feature imports no other feature: move what both need to components/ or lib/, or compose them in a page.',
  }));
};

// SQL is written only in a feature's repositories (`*.repository.ts`) or the query modules they own
// (`*.queries.ts`); seeders, `cli/` and `database/` may keep theirs. docs/architecture.md, "Where code goes".
const SQL_CALLS = ['query', 'createQueryBuilder', 'getRepository']
  .map((name) => ({
    selector: `CallExpression[callee.property.name='${name}']`,
    message: `No ${name}() here: SQL lives in the feature's *.repository.ts (docs/architecture.md, "Where code goes").`,
  }))
  .concat({
    selector: "ImportSpecifier[imported.name='InjectRepository']",
    message: "TypeORM repositories are used inside the feature's *.repository.ts only.",
  });

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
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: [...ZONES, ...featureZones('web'), ...featureZones('console')] }],
      'no-restricted-imports': restrict(APP_PACKAGES, 'Apps are run, not imported: move shared code to a lib.'),
    },
  },
  {
    files: ['apps/**/*.ts', 'apps/**/*.tsx'],
    rules: { 'no-restricted-imports': restrict(APP_PACKAGES, 'Apps are run, not imported: move shared code to a lib.', [BY_PACKAGE]) },
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
    rules: { 'no-restricted-imports': restrict([...SERVER_ONLY, ...APP_PACKAGES], 'scope:web code imports no server code and no other app.', [BY_PACKAGE]) },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.queries.ts', '**/*.seeder.ts', 'apps/server/src/cli/**', 'apps/server/src/database/**', '**/*.spec.ts'],
    rules: { 'no-restricted-syntax': ['error', ...SQL_CALLS] },
  },
  {
    files: ['apps/*/src/**/*.ts', 'apps/*/src/**/*.tsx'],
    ignores: ['**/*.spec.ts', '**/*.spec.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: false, skipComments: false, IIFEs: true }] },
  },
);
