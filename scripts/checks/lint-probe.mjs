#!/usr/bin/env node
// Lints source text as if it stood at a given path, with the repository's ESLint config, and prints
// the rule ids it breaks as JSON. The boundary tests use it to show the rules fail on a violation
// without writing the violation into the tree. Type-aware rules are off: the probe file does not exist.
//   node scripts/checks/lint-probe.mjs '[["apps/web/src/probe.ts", "import ..."]]'
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({
  cwd: rootDir,
  overrideConfig: [
    {
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { parserOptions: { projectService: false, project: null } },
      rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/switch-exhaustiveness-check': 'off' },
    },
  ],
});
const out = [];
for (const [file, code] of JSON.parse(process.argv[2] ?? '[]')) {
  const [result] = await eslint.lintText(code, { filePath: path.join(rootDir, file) });
  out.push((result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`));
}
console.log(JSON.stringify(out));
