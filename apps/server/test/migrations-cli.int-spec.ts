import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MIGRATIONS } from '@candor/db';
import { openScratchDatabase, type ScratchDatabase } from './support/scratch-database.js';

const exec = promisify(execFile);
const ALL = MIGRATIONS.map((m) => m.name);
const LAST = ALL[ALL.length - 1]!;

/**
 * `npm run migrate`, `migrate:show` and `migrate:revert` (scripts/migrations.mjs over the built CLI) as an operator
 * runs them, on an empty database of the test's own: the listing, applying, reverting and re-applying are read
 * from the command's output and checked against the migrations table.
 */
let scratch: ScratchDatabase;

async function migrations(command: 'run' | 'show' | 'revert'): Promise<{ code: number; lines: string[] }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: scratch.url };
  delete env.DATABASE_URL_FILE;
  try {
    const { stdout } = await exec(process.execPath, [path.resolve('scripts/migrations.mjs'), command], { env });
    return { code: 0, lines: stdout.trim().split('\n') };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, lines: `${err.stdout}${err.stderr}`.trim().split('\n') };
  }
}

/** The schema's tables and their columns, as `table.column` lines: what a migration's up and down change. */
async function schema(): Promise<string[]> {
  const rows: { c: string }[] = await scratch.ds.query(
    `SELECT table_name || '.' || column_name AS c FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1`,
  );
  return rows.map((r) => r.c);
}
let full: string[] = [];

async function appliedInTable(): Promise<string[]> {
  const rows: { name: string }[] = await scratch.ds.query(`SELECT name FROM migrations ORDER BY id`);
  return rows.map((r) => r.name);
}

beforeAll(async () => {
  scratch = await openScratchDatabase('migcli', { migrate: false });
});
afterAll(async () => {
  await scratch?.drop();
});

describe('the migrations CLI on an empty database', () => {
  it('shows every migration as pending, in order', async () => {
    const { code, lines } = await migrations('show');
    expect(code).toBe(0);
    expect(lines).toEqual([...ALL.map((name) => `[ ] ${name}`), `0 applied, ${ALL.length} pending`]);
  });

  it('applies them all, then shows them applied', async () => {
    const run = await migrations('run');
    expect(run.code).toBe(0);
    expect(run.lines).toEqual([...ALL.map((name) => `applied ${name}`), `${ALL.length} applied`]);
    expect(await appliedInTable()).toEqual(ALL);
    const { code, lines } = await migrations('show');
    expect(code).toBe(0);
    expect(lines).toEqual([...ALL.map((name) => `[X] ${name}`), `${ALL.length} applied, 0 pending`]);
  });

  it('has nothing more to apply', async () => {
    expect(await migrations('run')).toEqual({ code: 0, lines: ['nothing to apply: up to date'] });
  });

  it('reverts the last one only, and show says so', async () => {
    full = await schema();
    const revert = await migrations('revert');
    expect(revert).toEqual({ code: 0, lines: [`reverted ${LAST}`] });
    expect(await appliedInTable()).toEqual(ALL.slice(0, -1));
    // The revert ran the migration's down: what it added (tables or columns) is gone, nothing else changed.
    const reverted = await schema();
    expect(reverted.length).toBeLessThan(full.length);
    expect(reverted.every((c) => full.includes(c))).toBe(true);
    const { code, lines } = await migrations('show');
    expect(code).toBe(0);
    expect(lines).toEqual([...ALL.slice(0, -1).map((name) => `[X] ${name}`), `[ ] ${LAST}`, `${ALL.length - 1} applied, 1 pending`]);
  });

  it('applies the reverted one again', async () => {
    const run = await migrations('run');
    expect(run).toEqual({ code: 0, lines: [`applied ${LAST}`, '1 applied'] });
    expect(await appliedInTable()).toEqual(ALL);
    expect(await schema()).toEqual(full);
  });

  it('refuses an unknown command with the usage', async () => {
    const { code, lines } = await migrations('undo' as 'run');
    expect(code).toBe(2);
    expect(lines.join('\n')).toMatch(/usage: .*<run\|show\|revert>/);
  });
});
