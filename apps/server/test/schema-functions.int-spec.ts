import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { SCHEMA_FUNCTIONS } from '@candor/db';
import { openScratchDatabase, type ScratchDatabase } from './support/scratch-database.js';

/**
 * libs/db's schema functions module holds the current text of every `candor_` function. A freshly migrated
 * database must run exactly those: each module statement is run in a scratch schema (in a transaction rolled
 * back) and Postgres's own rendering of it, pg_get_functiondef, is compared with the migrated function's.
 */
const SCRATCH = 'candor_schema_check';
let scratch: ScratchDatabase;
let ds: DataSource;

interface FunctionDef {
  schema: string;
  name: string;
  def: string;
}
/** The migrated database's candor_ functions (public) and the module's (SCRATCH), by schema then name. */
const defs = new Map<string, Map<string, string[]>>();

/** Each line trimmed, blank lines dropped, the scratch schema named as the live one: indentation is not a change. */
const normalise = (def: string): string =>
  def
    .replace(`FUNCTION ${SCRATCH}.`, 'FUNCTION public.')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');

const defsOf = (schema: string, name: string): string[] => defs.get(schema)?.get(name) ?? [];

beforeAll(async () => {
  scratch = await openScratchDatabase('fn');
  ds = scratch.ds;

  const q = ds.createQueryRunner();
  await q.startTransaction();
  try {
    await q.query(`CREATE SCHEMA ${SCRATCH}`);
    // Unqualified, each CREATE OR REPLACE FUNCTION lands in the first schema of the path.
    await q.query(`SET LOCAL search_path = ${SCRATCH}, public`);
    for (const f of SCHEMA_FUNCTIONS) await q.query(f.sql);
    const rows: FunctionDef[] = await q.query(
      `SELECT n.nspname AS schema, p.proname AS name, pg_get_functiondef(p.oid) AS def
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname IN ('public', $1) AND p.proname LIKE 'candor\\_%'
        ORDER BY 1, 2, p.oid`,
      [SCRATCH],
    );
    for (const r of rows) {
      const bySchema = defs.get(r.schema) ?? new Map<string, string[]>();
      defs.set(r.schema, bySchema.set(r.name, [...(bySchema.get(r.name) ?? []), r.def]));
    }
  } finally {
    await q.rollbackTransaction();
    await q.release();
  }
});
afterAll(async () => {
  await scratch?.drop();
});

describe('schema functions module', () => {
  it('names each function once', () => {
    const names = SCHEMA_FUNCTIONS.map((f) => f.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it.each(SCHEMA_FUNCTIONS.map((f) => f.name))('%s is defined in the database exactly as in the module', (name) => {
    const live = defsOf('public', name);
    const module = defsOf(SCRATCH, name);
    expect(live).toHaveLength(1);
    expect(module).toHaveLength(1);
    expect(normalise(module[0]!)).toEqual(normalise(live[0]!));
  });

  it('creates, statement by statement, only the function each is named after', () => {
    expect([...(defs.get(SCRATCH)?.keys() ?? [])].sort()).toEqual(SCHEMA_FUNCTIONS.map((f) => f.name).sort());
  });

  it('leaves out no candor_ function of the database', () => {
    const known = new Set(SCHEMA_FUNCTIONS.map((f) => f.name));
    expect([...(defs.get('public')?.keys() ?? [])].filter((n) => !known.has(n))).toEqual([]);
  });
});
