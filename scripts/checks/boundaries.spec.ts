import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

// Each case: a file that would stand at `file` with one import, and the boundary rule that must refuse it
// (null: allowed). The probe lints the text with the repository's ESLint config; nothing is written.
const PROBE = fileURLToPath(new URL('./lint-probe.mjs', import.meta.url));
const CASES: [file: string, code: string, rule: string | null][] = [
  [
    'apps/web/src/probe.ts',
    `import { LedgerService } from '../../server/src/ledger/ledger.service.js';\nexport const x = LedgerService;\n`,
    'import-x/no-restricted-paths',
  ],
  ['apps/console/src/probe.ts', `import { ROUTES } from '../../web/src/lib/paths';\nexport const x = ROUTES;\n`, 'import-x/no-restricted-paths'],
  ['apps/server/src/probe.ts', `import { ROUTES } from '../../web/src/lib/paths';\nexport const x = ROUTES;\n`, 'import-x/no-restricted-paths'],
  [
    'libs/domain/src/probe.ts',
    `import { DomainError } from '../../../apps/server/src/common/domain-error.js';\nexport const x = DomainError;\n`,
    'import-x/no-restricted-paths',
  ],
  ['libs/contracts/src/probe.ts', `import { QUEUES } from '../../cross-process/src/queues.js';\nexport const x = QUEUES;\n`, 'import-x/no-restricted-paths'],
  [
    'scripts/bench/probe.mjs',
    `import { LedgerService } from '../../apps/server/src/ledger/ledger.service.js';\nexport const x = LedgerService;\n`,
    'import-x/no-restricted-paths',
  ],
  ['apps/web/src/probe.ts', `import { QUEUES } from '@candor/cross-process';\nexport const x = QUEUES;\n`, 'no-restricted-imports'],
  ['apps/web/src/probe.ts', `import { Injectable } from '@nestjs/common';\nexport const x = Injectable;\n`, 'no-restricted-imports'],
  ['scripts/bench/probe.mjs', `import x from '@candor/server/dist/main/api.js';\nexport default x;\n`, 'no-restricted-imports'],
  ['libs/domain/src/probe.ts', `import { Injectable } from '@nestjs/common';\nexport const x = Injectable;\n`, 'no-restricted-imports'],
  [
    'apps/server/src/probe.ts',
    `import { LedgerService } from './ledger/ledger.service.js';\nimport { QUEUES } from '@candor/cross-process';\nexport const x = [LedgerService, QUEUES];\n`,
    null,
  ],
  ['apps/web/src/probe.ts', `import { ROUTES } from './lib/paths';\nimport { API } from '@candor/contracts';\nexport const x = [ROUTES, API];\n`, null],
  ['scripts/bench/probe.mjs', `import { createDataSource } from '@candor/db';\nexport const x = createDataSource;\n`, null],
];

describe('module boundaries (ESLint)', () => {
  const results = JSON.parse(execFileSync(process.execPath, [PROBE, JSON.stringify(CASES.map(([f, c]) => [f, c]))], { encoding: 'utf8' })) as string[][];

  it.each(CASES.map((c, i) => [i, ...c] as const))('case %i: %s', (i, _file, _code, rule) => {
    const broken = results[i]!;
    expect(broken.filter((r) => r.startsWith('fatal'))).toEqual([]);
    if (rule) expect(broken).toContain(rule);
    else expect(broken.filter((r) => r === 'import-x/no-restricted-paths' || r === 'no-restricted-imports')).toEqual([]);
  });
});
