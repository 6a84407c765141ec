import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { USER_ACCOUNT_KINDS } from '@candor/db';
import { NODE_BYTES } from './liabilities-tree.js';

/** What the platform owes a user: every account of theirs but the demo ones (cash, hold, escrow, Yu'e Bao). */
export const OWED_KINDS: readonly string[] = USER_ACCOUNT_KINDS.filter((k) => !k.startsWith('demo'));

export interface RootRow {
  date: string;
  root: string;
  total: string;
  previous: string;
  hash: string;
  leaves: number;
  keyId: string;
  snapshotAt: Date;
  buildMs: number;
}

const ROOT_COLUMNS = `to_char(date, 'YYYY-MM-DD') AS date, root, total::text AS total, previous, hash, leaves, key_id AS "keyId",
  snapshot_at AS "snapshotAt", build_ms AS "buildMs"`;

/** The liabilities_* tables (migration 1766000000500); no business rules here. */
@Injectable()
export class LiabilitiesRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Runs `fn` in one REPEATABLE READ transaction: every read in it sees the ledger of one moment. */
  snapshot<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction('REPEATABLE READ', fn);
  }

  async latest(m: EntityManager = this.ds.manager): Promise<RootRow | null> {
    const rows: RootRow[] = await m.query(`SELECT ${ROOT_COLUMNS} FROM liabilities_roots ORDER BY date DESC LIMIT 1`);
    return rows[0] ?? null;
  }

  async byDate(date: string, m: EntityManager = this.ds.manager): Promise<RootRow | null> {
    const rows: RootRow[] = await m.query(`SELECT ${ROOT_COLUMNS} FROM liabilities_roots WHERE date = $1::date`, [date]);
    return rows[0] ?? null;
  }

  /** The published chain, oldest first. */
  async chain(): Promise<RootRow[]> {
    return this.ds.query(`SELECT ${ROOT_COLUMNS} FROM liabilities_roots ORDER BY date`);
  }

  /**
   * The snapshot's leaves, set-based in the transaction: one per user with an owed account, its sum the user's
   * owed balances, numbered in the date's order (md5 of the secret order key and the user id). Answers the count.
   */
  async insertLeaves(m: EntityManager, date: string, orderKey: string): Promise<number> {
    const rows: { n: number }[] = await m.query(
      `WITH ins AS (
         INSERT INTO liabilities_leaves (date, idx, user_id, balance)
         SELECT $1::date, (row_number() OVER (ORDER BY md5($2 || s.user_id::text), s.user_id) - 1)::int, s.user_id, s.balance
           FROM (SELECT user_id, sum(balance)::bigint AS balance FROM ledger_accounts
                  WHERE user_id IS NOT NULL AND kind = ANY($3::text[]) GROUP BY user_id) s
         RETURNING 1)
       SELECT count(*)::int AS n FROM ins`,
      [date, orderKey, OWED_KINDS],
    );
    return rows[0]!.n;
  }

  /** The ledger's owed user accounts in total, read in the same transaction as the leaves. */
  async owedTotal(m: EntityManager): Promise<string> {
    const rows: { total: string }[] = await m.query(
      `SELECT coalesce(sum(balance), 0)::text AS total FROM ledger_accounts WHERE user_id IS NOT NULL AND kind = ANY($1::text[])`,
      [OWED_KINDS],
    );
    return rows[0]!.total;
  }

  /** Leaves [from, to) of a date, in order: user ids and balances. */
  async leaves(m: EntityManager, date: string, from: number, to: number): Promise<{ userId: string; balance: string }[]> {
    return m.query(
      `SELECT user_id AS "userId", balance::text AS balance FROM liabilities_leaves WHERE date = $1::date AND idx >= $2 AND idx < $3 ORDER BY idx`,
      [date, from, to],
    );
  }

  /** Stores chunks of levels: each row `level`, `chunk` number and its bytes. */
  async insertNodes(m: EntityManager, date: string, rows: { level: number; chunk: number; data: Buffer }[]): Promise<void> {
    if (!rows.length) return;
    await m.query(
      `INSERT INTO liabilities_nodes (date, level, chunk, data)
       SELECT $1::date, l, c, d FROM unnest($2::smallint[], $3::int[], $4::bytea[]) AS t(l, c, d)`,
      [date, rows.map((r) => r.level), rows.map((r) => r.chunk), rows.map((r) => r.data)],
    );
  }

  async insertRoot(m: EntityManager, r: Omit<RootRow, 'snapshotAt'>): Promise<void> {
    await m.query(
      `INSERT INTO liabilities_roots (date, root, total, previous, hash, leaves, key_id, snapshot_at, build_ms)
       VALUES ($1::date, $2, $3::bigint, $4, $5, $6, $7, transaction_timestamp(), $8)`,
      [r.date, r.root, r.total, r.previous, r.hash, r.leaves, r.keyId, r.buildMs],
    );
  }

  /** The user's leaf on a date: where it is and what it summed; null when the user has none. */
  async leafOf(date: string, userId: string): Promise<{ idx: number; balance: string } | null> {
    const rows: { idx: number; balance: string }[] = await this.ds.query(
      `SELECT idx, balance::text AS balance FROM liabilities_leaves WHERE date = $1::date AND user_id = $2`,
      [date, userId],
    );
    return rows[0] ?? null;
  }

  /** The stored nodes at `(level, index)` of a date, in the order asked (40 bytes each), read by substring. */
  async nodes(date: string, wanted: { level: number; index: number }[], chunkNodes: number): Promise<Buffer[]> {
    if (!wanted.length) return [];
    const rows: { i: string; node: Buffer }[] = await this.ds.query(
      `SELECT q.i::text AS i, substring(n.data FROM q.off + 1 FOR ${NODE_BYTES}) AS node
         FROM unnest($2::smallint[], $3::int[], $4::int[]) WITH ORDINALITY AS q(level, chunk, off, i)
         JOIN liabilities_nodes n ON n.date = $1::date AND n.level = q.level AND n.chunk = q.chunk`,
      [date, wanted.map((w) => w.level), wanted.map((w) => Math.floor(w.index / chunkNodes)), wanted.map((w) => (w.index % chunkNodes) * NODE_BYTES)],
    );
    const out: Buffer[] = new Array<Buffer>(wanted.length);
    for (const r of rows) out[Number(r.i) - 1] = r.node;
    for (let k = 0; k < out.length; k++) if (out[k]?.length !== NODE_BYTES) throw new Error(`liabilities ${date}: a stored node is missing`);
    return out;
  }
}
