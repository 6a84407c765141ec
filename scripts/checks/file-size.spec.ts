import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

// An app or lib source file a reader can hold in their head: at most 400 lines, unless listed here with
// the reason. Tests are not counted (a scenario file reads top to bottom).
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MAX_LINES = 400;
const ALLOWED: Record<string, string> = {
  'apps/web/src/styles/app.css': 'the design tokens and the shared component classes of every page, one cascade',
  'apps/console/src/styles.css': "the console's only stylesheet: tokens, layout and its few components",
  'apps/web/src/features/trading/trading.module.css': 'the trading sheet, panel and receipt, which share their rules',
  'apps/web/src/features/market/market.module.css': 'the product list, detail header and chart panel, which share their rules',
};

describe('source file size', () => {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'apps', 'libs'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => /^(apps|libs)\/[^/]+\/src\/.+\.(ts|tsx|css)$/.test(f) && !/\.spec\.tsx?$/.test(f) && !f.includes('/locales/'));
  const lines = (f: string) => readFileSync(path.join(ROOT, f), 'utf8').split('\n').length;

  it(`no app or lib source file over ${MAX_LINES} lines without a stated reason`, () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files.filter((f) => !(f in ALLOWED) && lines(f) > MAX_LINES).map((f) => `${f}: ${lines(f)} lines`)).toEqual([]);
  });

  it('every allowed file still exists and is still over the limit (else it leaves the list)', () => {
    expect(Object.keys(ALLOWED).filter((f) => !files.includes(f) || lines(f) <= MAX_LINES)).toEqual([]);
  });
});
