import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `candor_post_entries`: `candor_post_entry` for a batch (the order hot path's one statement per batch), each
 * entry all or nothing on its own, same rules; accounts are locked once in the ledger's lock order. An entry
 * that would overdraw is skipped ('short') with p_skip_short, else the call raises CD001. Returns one row per
 * entry, in order: 'posted' (with id, number, accounts and balances after), 'duplicate' or 'short'
 * (docs/internals.md, "Ledger functions").
 */
export class LedgerPostEntries1764000000000 implements MigrationInterface {
  name = 'LedgerPostEntries1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION candor_post_entries(
        p_types varchar[], p_users uuid[], p_ref_types varchar[], p_ref_ids varchar[], p_unique_keys varchar[], p_memos text[],
        p_sizes int[], p_accounts bigint[], p_amounts bigint[], p_skip_short boolean
      ) RETURNS TABLE (out_ord int, out_status text, out_entry_id bigint, out_entry_no varchar, out_accounts bigint[], out_balances bigint[])
      LANGUAGE plpgsql AS $$
      DECLARE
        n int := coalesce(array_length(p_types, 1), 0);
        m int := coalesce(array_length(p_accounts, 1), 0);
        day text := to_char(now() AT TIME ZONE 'UTC', 'YYYYMMDD');
        id_seq regclass := pg_get_serial_sequence('journal_entries', 'id')::regclass;
        starts int[];
        entry_of int[];
        st text[];
        eids bigint[];
        nos varchar[];
        ids bigint[];
        bals bigint[];
        orig bigint[];
        negs boolean[];
        pos int[];
        after bigint[];
        i int;
        k int;
        j int;
        s int := 1;
        total bigint;
        short boolean;
        posted_keys varchar[];
      BEGIN
        IF n = 0 THEN
          RETURN;
        END IF;
        IF coalesce(array_length(p_users, 1), 0) <> n OR coalesce(array_length(p_ref_types, 1), 0) <> n
           OR coalesce(array_length(p_ref_ids, 1), 0) <> n OR coalesce(array_length(p_unique_keys, 1), 0) <> n
           OR coalesce(array_length(p_memos, 1), 0) <> n OR coalesce(array_length(p_sizes, 1), 0) <> n
           OR coalesce(array_length(p_amounts, 1), 0) <> m THEN
          RAISE EXCEPTION 'candor_post_entries: one value per entry and one amount per account';
        END IF;
        starts := array_fill(0, ARRAY[n]);
        entry_of := array_fill(0, ARRAY[m]);
        st := array_fill('posted'::text, ARRAY[n]);
        eids := array_fill(0::bigint, ARRAY[n]);
        nos := array_fill(NULL::varchar, ARRAY[n]);
        after := array_fill(0::bigint, ARRAY[m]);
        pos := array_fill(0, ARRAY[m]);

        -- Shape: each entry two or more non-zero postings summing to zero.
        FOR i IN 1..n LOOP
          IF p_sizes[i] IS NULL OR p_sizes[i] < 2 OR s + p_sizes[i] - 1 > m THEN
            RAISE EXCEPTION 'an entry needs two or more postings, one amount each';
          END IF;
          starts[i] := s;
          total := 0;
          FOR k IN s..s + p_sizes[i] - 1 LOOP
            IF p_amounts[k] IS NULL OR p_amounts[k] = 0 OR p_accounts[k] IS NULL THEN
              RAISE EXCEPTION 'entry does not balance or has a zero posting';
            END IF;
            total := total + p_amounts[k];
            entry_of[k] := i;
          END LOOP;
          IF total <> 0 THEN
            RAISE EXCEPTION 'entry does not balance or has a zero posting';
          END IF;
          s := s + p_sizes[i];
        END LOOP;
        IF s - 1 <> m THEN
          RAISE EXCEPTION 'candor_post_entries: postings left over after the last entry';
        END IF;

        -- Unique keys already posted, or repeated within the batch (the first one counts). The posted
        -- ones are looked up by the unique index (= ANY): a cached plan must not hash-join the whole table.
        IF EXISTS (SELECT 1 FROM unnest(p_unique_keys) u WHERE u IS NOT NULL) THEN
          posted_keys := ARRAY(SELECT je.unique_key FROM journal_entries je WHERE je.unique_key = ANY(p_unique_keys));
          FOR i IN
            SELECT x.ord FROM (
              SELECT u.key, u.ord, row_number() OVER (PARTITION BY u.key ORDER BY u.ord) AS rn
                FROM unnest(p_unique_keys) WITH ORDINALITY AS u(key, ord) WHERE u.key IS NOT NULL) x
             WHERE x.rn > 1 OR x.key = ANY(posted_keys)
          LOOP
            st[i] := 'duplicate';
          END LOOP;
        END IF;

        -- Every account of the batch, locked once, in the ledger's lock order: users' accounts by id,
        -- then platform accounts by id (the shared house row last, so it is held the shortest).
        SELECT array_agg(l.id ORDER BY l.id), array_agg(l.balance ORDER BY l.id), array_agg(l.allow_negative ORDER BY l.id)
          INTO ids, bals, negs
          FROM (SELECT a.id, a.balance, a.allow_negative FROM ledger_accounts a
                 WHERE a.id = ANY(p_accounts) ORDER BY (a.user_id IS NULL), a.id FOR UPDATE) l;
        IF coalesce(array_length(ids, 1), 0) <> (SELECT count(DISTINCT x) FROM unnest(p_accounts) x) THEN
          RAISE EXCEPTION 'candor_post_entries: unknown ledger account';
        END IF;
        orig := bals;

        IF NOT p_skip_short THEN
          -- Every entry posts or the call fails: the running balances in one set-based pass.
          SELECT array_agg(coalesce(r.after, 0) ORDER BY g.p), coalesce(bool_or(NOT r.neg AND r.after < 0), false)
            INTO after, short
            FROM generate_series(1, m) AS g(p)
            LEFT JOIN (
              SELECT x.p, l.neg, (l.bal + sum(p_amounts[x.p]) OVER (PARTITION BY p_accounts[x.p] ORDER BY x.p))::bigint AS after
                FROM generate_series(1, m) AS x(p)
                JOIN unnest(ids, bals, negs) AS l(id, bal, neg) ON l.id = p_accounts[x.p]
               WHERE st[entry_of[x.p]] = 'posted') r ON r.p = g.p;
          IF short THEN
            RAISE EXCEPTION 'INSUFFICIENT_BALANCE' USING ERRCODE = 'CD001';
          END IF;
          FOR i IN 1..n LOOP
            CONTINUE WHEN st[i] <> 'posted';
            eids[i] := nextval(id_seq);
            nos[i] := 'J' || day || lpad(nextval('journal_entry_no_seq')::text, 10, '0');
          END LOOP;
        ELSE
        FOR k IN 1..m LOOP
          pos[k] := array_position(ids, p_accounts[k]);
        END LOOP;

        -- Apply the entries in order; an entry that leaves a non-negative account below zero is undone.
        FOR i IN 1..n LOOP
          CONTINUE WHEN st[i] <> 'posted';
          short := false;
          FOR k IN starts[i]..starts[i] + p_sizes[i] - 1 LOOP
            j := pos[k];
            bals[j] := bals[j] + p_amounts[k];
            after[k] := bals[j];
          END LOOP;
          FOR k IN starts[i]..starts[i] + p_sizes[i] - 1 LOOP
            j := pos[k];
            IF NOT negs[j] AND bals[j] < 0 THEN
              short := true;
            END IF;
          END LOOP;
          IF short THEN
            IF NOT p_skip_short THEN
              RAISE EXCEPTION 'INSUFFICIENT_BALANCE' USING ERRCODE = 'CD001';
            END IF;
            FOR k IN starts[i]..starts[i] + p_sizes[i] - 1 LOOP
              j := pos[k];
              bals[j] := bals[j] - p_amounts[k];
            END LOOP;
            st[i] := 'short';
          ELSE
            eids[i] := nextval(id_seq);
            nos[i] := 'J' || day || lpad(nextval('journal_entry_no_seq')::text, 10, '0');
          END IF;
        END LOOP;
        END IF;

        INSERT INTO journal_entries (id, entry_no, type, user_id, ref_type, ref_id, unique_key, memo)
        OVERRIDING SYSTEM VALUE
        SELECT eids[g.e], nos[g.e], p_types[g.e], p_users[g.e], p_ref_types[g.e], p_ref_ids[g.e], p_unique_keys[g.e], p_memos[g.e]
          FROM generate_series(1, n) AS g(e) WHERE st[g.e] = 'posted' ORDER BY g.e;

        INSERT INTO postings (entry_id, account_id, amount, balance_after)
        SELECT eids[entry_of[g.p]], p_accounts[g.p], p_amounts[g.p], after[g.p]
          FROM generate_series(1, m) AS g(p) WHERE st[entry_of[g.p]] = 'posted' ORDER BY g.p;

        IF p_skip_short THEN
          UPDATE ledger_accounts a SET balance = d.bal
            FROM unnest(ids, bals, orig) AS d(id, bal, was)
           WHERE a.id = d.id AND d.bal <> d.was;
        ELSE
          UPDATE ledger_accounts a SET balance = a.balance + d.delta
            FROM (SELECT p_accounts[g.p] AS id, sum(p_amounts[g.p])::bigint AS delta
                    FROM generate_series(1, m) AS g(p) WHERE st[entry_of[g.p]] = 'posted' GROUP BY 1) d
           WHERE a.id = d.id AND d.delta <> 0;
        END IF;

        RETURN QUERY
          SELECT g.e, st[g.e], CASE WHEN st[g.e] = 'posted' THEN eids[g.e] END, nos[g.e],
                 CASE WHEN st[g.e] = 'posted' THEN p_accounts[starts[g.e]:starts[g.e] + p_sizes[g.e] - 1] END,
                 CASE WHEN st[g.e] = 'posted' THEN after[starts[g.e]:starts[g.e] + p_sizes[g.e] - 1] END
            FROM generate_series(1, n) AS g(e) ORDER BY g.e;
      END $$;
    `);
    // The single-entry function takes the same lock order (it used plain id order).
    await q.query(POST_ENTRY.replace('ORDER_BY', `JOIN ledger_accounts a ON a.id = t.acc ORDER BY (a.user_id IS NULL), t.acc`));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION candor_post_entries(varchar[], uuid[], varchar[], varchar[], varchar[], text[], int[], bigint[], bigint[], boolean)`);
    await q.query(POST_ENTRY.replace('ORDER_BY', `ORDER BY t.acc`));
  }
}

/** candor_post_entry (migration LedgerPostFunction) with its lock order as ORDER_BY. */
const POST_ENTRY = `
  CREATE OR REPLACE FUNCTION candor_post_entry(
    p_type varchar, p_user uuid, p_ref_type varchar, p_ref_id varchar, p_unique_key varchar, p_memo text,
    p_accounts bigint[], p_amounts bigint[]
  ) RETURNS TABLE (out_entry_id bigint, out_entry_no varchar, out_account_id bigint, out_balance bigint)
  LANGUAGE plpgsql AS $$
  DECLARE
    n int := coalesce(array_length(p_accounts, 1), 0);
    v_entry bigint;
    v_no varchar;
    v_bal bigint;
    v_bals bigint[] := '{}';
    i bigint;
  BEGIN
    IF n < 2 OR n <> coalesce(array_length(p_amounts, 1), 0) THEN
      RAISE EXCEPTION 'an entry needs two or more postings, one amount each';
    END IF;
    IF (SELECT sum(x) FROM unnest(p_amounts) x) <> 0 OR EXISTS (SELECT 1 FROM unnest(p_amounts) x WHERE x = 0) THEN
      RAISE EXCEPTION 'entry does not balance or has a zero posting';
    END IF;
    INSERT INTO journal_entries (entry_no, type, user_id, ref_type, ref_id, unique_key, memo)
    VALUES ('J' || to_char(now() AT TIME ZONE 'UTC', 'YYYYMMDD') || lpad(nextval('journal_entry_no_seq')::text, 10, '0'),
            p_type, p_user, p_ref_type, p_ref_id, p_unique_key, p_memo)
    ON CONFLICT (unique_key) DO NOTHING
    RETURNING journal_entries.id, journal_entries.entry_no INTO v_entry, v_no;
    IF v_entry IS NULL THEN
      RETURN; -- already posted under this unique key: a no-op
    END IF;
    v_bals := array_fill(NULL::bigint, ARRAY[n]);
    FOR i IN SELECT t.ord FROM unnest(p_accounts) WITH ORDINALITY AS t(acc, ord) ORDER_BY LOOP
      UPDATE ledger_accounts a SET balance = a.balance + p_amounts[i]
       WHERE a.id = p_accounts[i] AND (a.allow_negative OR a.balance + p_amounts[i] >= 0)
       RETURNING a.balance INTO v_bal;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'INSUFFICIENT_BALANCE' USING ERRCODE = 'CD001';
      END IF;
      v_bals[i] := v_bal;
    END LOOP;
    INSERT INTO postings (entry_id, account_id, amount, balance_after)
    SELECT v_entry, p_accounts[k], p_amounts[k], v_bals[k] FROM generate_subscripts(p_accounts, 1) AS k ORDER BY k;
    RETURN QUERY SELECT v_entry, v_no, p_accounts[k], v_bals[k] FROM generate_subscripts(p_accounts, 1) AS k ORDER BY k;
  END $$;
`;
