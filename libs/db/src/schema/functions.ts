/**
 * The current definition of every SQL function and trigger function in the database (the `candor_` ones): one
 * constant each, with the `CREATE OR REPLACE FUNCTION` statement of the migration that last created it.
 * Migrations keep the history and are never edited; this module says what runs now.
 *
 * The rule: a change to a function is a new migration that creates it from this module's new text
 * (`await q.query(candor_x.sql)`, its down() restoring the previous text), and a new function is added here
 * too. apps/server/test/schema-functions.int-spec.ts fails when a migrated database's function differs
 * from this module, or when the database has a `candor_` function this module lacks.
 */

import type { SchemaFunction } from './schema-function.js';
import { candor_post_entries, candor_post_entry } from './ledger-post.functions.js';

export type { SchemaFunction } from './schema-function.js';
export { candor_post_entries, candor_post_entry };

/** Refuses any change to an append-only table (a row trigger before UPDATE or DELETE, a statement trigger before TRUNCATE). */
export const candor_append_only: SchemaFunction = {
  name: 'candor_append_only',
  migration: 'Init1763700000000',
  sql: `CREATE OR REPLACE FUNCTION candor_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;`,
};

/** Refuses deleting an order, changing a settled or voided one, and changing the terms of an open one. */
export const candor_orders_refuse: SchemaFunction = {
  name: 'candor_orders_refuse',
  migration: 'VenuePrices1765100000000',
  sql: `CREATE OR REPLACE FUNCTION candor_orders_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'orders are never deleted' USING ERRCODE = 'insufficient_privilege';
  ELSIF OLD.status <> 'open' THEN
    RAISE EXCEPTION 'order % is % and final', OLD.id, OLD.status USING ERRCODE = 'insufficient_privilege';
  END IF;
  RAISE EXCEPTION 'the terms of order % cannot change', OLD.id USING ERRCODE = 'insufficient_privilege';
END $$;`,
};

/** After an INSERT on postings: each entry's postings of the statement sum to zero, and name an entry and accounts that exist. */
export const candor_postings_balanced: SchemaFunction = {
  name: 'candor_postings_balanced',
  migration: 'PostingsBalancedPerStatement1764400000000',
  sql: `CREATE OR REPLACE FUNCTION candor_postings_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE bad bigint;
BEGIN
  -- Per entry of the statement: it exists, and the statement's postings of it sum to zero. The
  -- LATERAL probe keeps the plan on the primary key, however the cached plan estimated new_rows.
  SELECT n.entry_id INTO bad
    FROM (SELECT r.entry_id, sum(r.amount) AS s FROM new_rows r GROUP BY r.entry_id) n
    CROSS JOIN LATERAL (SELECT count(*) AS c FROM journal_entries j WHERE j.id = n.entry_id) ex
   WHERE ex.c = 0 OR n.s <> 0
   LIMIT 1;
  IF bad IS NOT NULL THEN
    IF NOT EXISTS (SELECT 1 FROM journal_entries j WHERE j.id = bad) THEN
      RAISE EXCEPTION 'posting names journal entry %, which does not exist', bad USING ERRCODE = 'foreign_key_violation';
    END IF;
    RAISE EXCEPTION 'journal entry % does not balance', bad USING ERRCODE = 'check_violation';
  END IF;
  SELECT n.account_id INTO bad
    FROM (SELECT DISTINCT r.account_id FROM new_rows r) n
    CROSS JOIN LATERAL (SELECT count(*) AS c FROM ledger_accounts a WHERE a.id = n.account_id) ex
   WHERE ex.c = 0
   LIMIT 1;
  IF bad IS NOT NULL THEN
    RAISE EXCEPTION 'posting names ledger account %, which does not exist', bad USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;`,
};

/** Refuses removing a ledger account or changing its id. */
export const candor_ledger_accounts_refuse: SchemaFunction = {
  name: 'candor_ledger_accounts_refuse',
  migration: 'PostingsReferencesChecked1764000000001',
  sql: `CREATE OR REPLACE FUNCTION candor_ledger_accounts_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'the id of ledger account % cannot change', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  RAISE EXCEPTION 'ledger accounts are never removed: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;`,
};

/** A user's turn in an expiry second (the epoch second, so the session's time zone plays no part). */
export const candor_settle_turn: SchemaFunction = {
  name: 'candor_settle_turn',
  migration: 'OpenOrdersByUser1764300000000',
  sql: `CREATE OR REPLACE FUNCTION candor_settle_turn(p_user uuid, p_expires timestamptz) RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN hashtext(p_user::text || '@' || floor(extract(epoch FROM p_expires))::bigint::text);`,
};

/** Lists each new open order in open_orders (a statement trigger after INSERT on orders). */
export const candor_open_orders_add: SchemaFunction = {
  name: 'candor_open_orders_add',
  migration: 'OpenOrdersByUser1764300000000',
  sql: `CREATE OR REPLACE FUNCTION candor_open_orders_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO open_orders (expires_at, turn, user_id, order_id, symbol)
  SELECT n.expires_at, candor_settle_turn(n.user_id, n.expires_at), n.user_id, n.id, n.symbol FROM new_rows n WHERE n.status = 'open';
  RETURN NULL;
END $$;`,
};

/** A halt is never deleted; its end is written once. */
export const candor_market_halts_guard: SchemaFunction = {
  name: 'candor_market_halts_guard',
  migration: 'VenuePrices1765100000000',
  sql: `CREATE OR REPLACE FUNCTION candor_market_halts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.ended_at IS NOT NULL OR (NEW.id, NEW.symbol, NEW.reason, NEW.started_at, NEW.detected_at)
       IS DISTINCT FROM (OLD.id, OLD.symbol, OLD.reason, OLD.started_at, OLD.detected_at) THEN
    RAISE EXCEPTION 'market halts are append-only (only a missing end may be written)' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;`,
};

/** The terms of a catalogue change are fixed once announced; its outcome is written once, from pending. */
export const candor_product_changes_guard: SchemaFunction = {
  name: 'candor_product_changes_guard',
  migration: 'CatalogueChanges1765400000000',
  sql: `CREATE OR REPLACE FUNCTION candor_product_changes_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'pending'
     OR (NEW.id, NEW.symbol, NEW.field, NEW.from_value, NEW.to_value, NEW.effective_at, NEW.created_by, NEW.created_at)
        IS DISTINCT FROM (OLD.id, OLD.symbol, OLD.field, OLD.from_value, OLD.to_value, OLD.effective_at, OLD.created_by, OLD.created_at) THEN
    RAISE EXCEPTION 'product_changes: a decided change or the terms of a change cannot be altered' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;`,
};

/** Every function of the schema, in the order a new database creates them. */
export const SCHEMA_FUNCTIONS: readonly SchemaFunction[] = [
  candor_append_only,
  candor_postings_balanced,
  candor_orders_refuse,
  candor_post_entry,
  candor_post_entries,
  candor_ledger_accounts_refuse,
  candor_open_orders_add,
  candor_settle_turn,
  candor_market_halts_guard,
  candor_product_changes_guard,
];
