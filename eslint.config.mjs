// ESLint (flat config) with typescript-eslint's type-aware rules. Module boundaries follow the
// Nx tags in each package.json (scope:shared / scope:server / scope:web), enforced with
// no-restricted-imports so that libs/domain stays framework-free and the web never imports the server.
import tseslint from 'typescript-eslint';

const FRAMEWORKS = ['@nestjs/*', 'react', 'react-dom', 'react-*', 'typeorm', 'ioredis', 'bullmq', 'express', 'socket.io*'];
const SERVER_ONLY = ['@candor/db', '@candor/api', '@candor/api/*', '@nestjs/*', 'typeorm', 'ioredis', 'bullmq', 'pg'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'screenshots/**', '**/*.mjs', '**/*.js', '**/vite.config.ts'] },
  ...tseslint.configs.recommended,
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
      'no-restricted-globals': ['error', { name: 'fit', message: 'No focused tests.' }, { name: 'fdescribe', message: 'No focused tests.' }, { name: 'xit', message: 'No skipped tests.' }, { name: 'xdescribe', message: 'No skipped tests.' }],
    },
  },
  {
    // Tests are outside the build tsconfigs; they are type-checked through tsconfig.spec.json.
    files: ['libs/**/*.spec.ts', 'apps/api/**/*.spec.ts', 'apps/worker/**/*.spec.ts', 'scripts/**/*.spec.ts', 'apps/*/test/**/*.ts', 'apps/*/e2e/**/*.ts'],
    languageOptions: { parserOptions: { projectService: false, project: ['./tsconfig.spec.json'], tsconfigRootDir: import.meta.dirname } },
  },
  {
    files: ['libs/domain/**/*.ts', 'libs/contracts/**/*.ts', 'libs/i18n/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: [...FRAMEWORKS, '@candor/db', '@candor/api', '@candor/api/*'], message: 'scope:shared libraries import no framework and no server code.' }] }] },
  },
  {
    files: ['apps/web/**/*.ts', 'apps/web/**/*.tsx', 'apps/console/**/*.ts', 'apps/console/**/*.tsx'],
    ignores: ['apps/*/e2e/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: SERVER_ONLY, message: 'scope:web code cannot import server code.' }] }] },
  },
);
