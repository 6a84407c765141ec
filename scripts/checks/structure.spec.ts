import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

// The structure rules of docs/architecture.md ("Where code goes"), each shown to refuse a deliberate
// violation and to let the right shape through. The probe lints the text as if it stood at `file`;
// nothing is written into the tree. Imports name real files: the path rule judges resolved paths.
const PROBE = fileURLToPath(new URL('./lint-probe.mjs', import.meta.url));
const SQL = `export async function f(ds: { query(sql: string): Promise<unknown> }) {\n  return ds.query('SELECT 1');\n}\n`;
const BUILDER = `export function f(ds: { createQueryBuilder(): unknown }) {\n  return ds.createQueryBuilder();\n}\n`;
const TYPEORM_REPO = `import { InjectRepository } from '@nestjs/typeorm';\nexport const x = InjectRepository;\n`;
const longFunction = (lines: number) => `export function long(): number {\n  let n = 0;\n${'  n += 1;\n'.repeat(lines - 4)}  return n;\n}\n`;

const CASES: [name: string, file: string, code: string, rule: string, refused: boolean][] = [
  ['SQL in a service', 'apps/server/src/probe/probe.service.ts', SQL, 'no-restricted-syntax', true],
  ['SQL in a controller', 'apps/server/src/probe/probe.controller.ts', SQL, 'no-restricted-syntax', true],
  ['SQL in a processor', 'apps/server/src/probe/probe.processor.ts', SQL, 'no-restricted-syntax', true],
  ['SQL in a guard', 'apps/server/src/probe/probe.guard.ts', SQL, 'no-restricted-syntax', true],
  ['SQL in any other feature file', 'apps/server/src/probe/probe-helpers.ts', SQL, 'no-restricted-syntax', true],
  ['a query builder in a service', 'apps/server/src/probe/probe.service.ts', BUILDER, 'no-restricted-syntax', true],
  ['a TypeORM repository in a service', 'apps/server/src/probe/probe.service.ts', TYPEORM_REPO, 'no-restricted-syntax', true],
  ['SQL in a repository', 'apps/server/src/probe/probe.repository.ts', SQL, 'no-restricted-syntax', false],
  ['SQL in a seeder', 'apps/server/src/probe/probe.seeder.ts', SQL, 'no-restricted-syntax', false],
  ['SQL in the migrate command', 'apps/server/src/cli/probe.ts', SQL, 'no-restricted-syntax', false],
  [
    'a web feature importing another feature',
    'apps/web/src/features/trading/probe.ts',
    `import { CandleChart } from '../market/CandleChart';\nexport const x = CandleChart;\n`,
    'import-x/no-restricted-paths',
    true,
  ],
  [
    'a web feature importing its own files and lib/',
    'apps/web/src/features/trading/probe.ts',
    `import { a } from './OrderCards';\nimport { b } from '../../lib/api';\nexport const x = [a, b];\n`,
    'import-x/no-restricted-paths',
    false,
  ],
  [
    'a page importing features',
    'apps/web/src/pages/probe/ProbePage.tsx',
    `import { a } from '../../features/trading/OrderCards';\nimport { b } from '../../features/market/CandleChart';\nexport const x = [a, b];\n`,
    'import-x/no-restricted-paths',
    false,
  ],
  [
    'a console feature importing another feature',
    'apps/console/src/features/earn/probe.ts',
    `import { DecisionDialog } from '../money/DecisionDialog';\nexport const x = DecisionDialog;\n`,
    'import-x/no-restricted-paths',
    true,
  ],
  [
    'the web reaching into libs/ by path',
    'apps/web/src/lib/probe.ts',
    `import { API } from '../../../../libs/contracts/src/paths';\nexport const x = API;\n`,
    'no-restricted-imports',
    true,
  ],
  [
    'the server reaching into libs/ by path',
    'apps/server/src/probe/probe.ts',
    `import { API } from '../../../../libs/contracts/src/paths.js';\nexport const x = API;\n`,
    'no-restricted-imports',
    true,
  ],
  [
    'the web importing a library by package subpath',
    'apps/web/src/lib/probe.ts',
    `import { API } from '@candor/contracts/paths';\nexport const x = API;\n`,
    'no-restricted-imports',
    false,
  ],
  ['a function of 121 lines in an app', 'apps/web/src/probe.ts', longFunction(121), 'max-lines-per-function', true],
  ['a function of 120 lines in an app', 'apps/server/src/probe/probe.ts', longFunction(120), 'max-lines-per-function', false],
];

describe('structure rules (ESLint)', () => {
  const results = JSON.parse(execFileSync(process.execPath, [PROBE, JSON.stringify(CASES.map(([, f, c]) => [f, c]))], { encoding: 'utf8' })) as string[][];

  it.each(CASES.map((c, i) => [c[0], i, c[3], c[4]] as const))('%s', (_name, i, rule, refused) => {
    const broken = results[i]!;
    expect(broken.filter((r) => r.startsWith('fatal'))).toEqual([]);
    if (refused) expect(broken).toContain(rule);
    else expect(broken).not.toContain(rule);
  });
});
