import type { SchemaFunction } from './schema-function.js';

// candor_post_entry and candor_post_entries, the ledger's posting functions: part of functions.ts (which
// re-exports them and states the rule for changing them), in a file of their own for their length.

/** One balanced journal entry in one round trip (idempotent on its unique key; CD001 when an account would overdraw). */
export const candor_post_entry: SchemaFunction = {
  name: 'candor_post_entry',
  migration: 'LedgerPostEntries1764000000000',
  sql: `CREATE OR REPLACE FUNCTION candor_post_entry(
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
  FOR i IN SELECT t.ord FROM unnest(p_accounts) WITH ORDINALITY AS t(acc, ord) JOIN ledger_accounts a ON a.id = t.acc ORDER BY (a.user_id IS NULL), t.acc LOOP
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
END $$;`,
};

/** candor_post_entry for a batch: one row per entry, posted, duplicate or short (docs/internals.md, "Ledger functions"). */
export const candor_post_entries: SchemaFunction = {
  name: 'candor_post_entries',
  migration: 'LedgerPostEntriesHouseLockLater1764400000001',
  sql: `CREATE OR REPLACE FUNCTION candor_post_entries(
  p_types varchar[], p_users uuid[], p_ref_types varchar[], p_ref_ids varchar[], p_unique_keys varchar[], p_memos text[],
  p_sizes int[], p_accounts bigint[], p_amounts bigint[], p_skip_short boolean
) RETURNS TABLE (out_ord int, out_status text, out_entry_id bigint, out_entry_no varchar, out_accounts bigint[], out_balances bigint[])
LANGUAGE plpgsql AS $$
DECLARE
  n int := coalesce(array_length(p_types, 1), 0);
  m int := coalesce(array_length(p_accounts, 1), 0);
  day text := 'J' || to_char(now() AT TIME ZONE 'UTC', 'YYYYMMDD');
  id_seq regclass := pg_get_serial_sequence('journal_entries', 'id')::regclass;
  starts int[];
  entry_of int[];
  st smallint[];      -- 0 posted, 1 duplicate, 2 short
  eids bigint[];
  nos bigint[];       -- the entry number's sequence value
  ids bigint[];
  bals bigint[];
  orig bigint[];
  negs boolean[];
  pos int[];
  after bigint[];
  i int;
  k int;
  j int;
  bad boolean;
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
  IF EXISTS (SELECT 1 FROM unnest(p_sizes) z WHERE z IS NULL OR z < 2) THEN
    RAISE EXCEPTION 'an entry needs two or more postings, one amount each';
  END IF;
  IF (SELECT sum(z) FROM unnest(p_sizes) z) <> m THEN
    -- fewer amounts than the sizes ask for, or postings left over after the last entry
    IF (SELECT sum(z) FROM unnest(p_sizes) z) > m THEN
      RAISE EXCEPTION 'an entry needs two or more postings, one amount each';
    END IF;
    RAISE EXCEPTION 'candor_post_entries: postings left over after the last entry';
  END IF;

  -- Shape: each entry two or more non-zero postings summing to zero (sizes checked above).
  SELECT array_agg(s.e ORDER BY s.e, s.k), array_agg(s.start ORDER BY s.e, s.k) FILTER (WHERE s.k = 0)
    INTO entry_of, starts
    FROM (SELECT z.e, g.k, z.start
            FROM (SELECT u.e::int AS e, u.size, (sum(u.size) OVER (ORDER BY u.e) - u.size + 1)::int AS start
                    FROM unnest(p_sizes) WITH ORDINALITY AS u(size, e)) z
           CROSS JOIN LATERAL generate_series(0, z.size - 1) AS g(k)) s;
  SELECT coalesce(bool_or(a.bad), false) OR EXISTS (
           SELECT 1 FROM unnest(p_amounts, entry_of) AS x(amount, e) GROUP BY x.e HAVING sum(x.amount) <> 0)
    INTO bad
    FROM (SELECT x.amount IS NULL OR x.amount = 0 OR x.account IS NULL AS bad FROM unnest(p_amounts, p_accounts) AS x(amount, account)) a;
  IF bad THEN
    RAISE EXCEPTION 'entry does not balance or has a zero posting';
  END IF;
  st := array_fill(0::smallint, ARRAY[n]);
  after := array_fill(0::bigint, ARRAY[m]);
  pos := array_fill(0, ARRAY[m]);

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
      st[i] := 1;
    END LOOP;
  END IF;

  IF p_skip_short THEN
    -- Which entries post depends on every balance. Every account of the batch, locked once, in the
    -- ledger's lock order: users' accounts by id, then platform accounts by id.
    SELECT array_agg(l.id ORDER BY l.id), array_agg(l.balance ORDER BY l.id), array_agg(l.allow_negative ORDER BY l.id)
      INTO ids, bals, negs
      FROM (SELECT a.id, a.balance, a.allow_negative FROM ledger_accounts a
             WHERE a.id = ANY(p_accounts) ORDER BY (a.user_id IS NULL), a.id FOR UPDATE) l;
    IF coalesce(array_length(ids, 1), 0) <> (SELECT count(DISTINCT x) FROM unnest(p_accounts) x) THEN
      RAISE EXCEPTION 'candor_post_entries: unknown ledger account';
    END IF;
    orig := bals;
    FOR k IN 1..m LOOP
      pos[k] := array_position(ids, p_accounts[k]);
    END LOOP;

    -- Apply the entries in order; an entry that leaves a non-negative account below zero is undone.
    FOR i IN 1..n LOOP
      CONTINUE WHEN st[i] <> 0;
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
        FOR k IN starts[i]..starts[i] + p_sizes[i] - 1 LOOP
          j := pos[k];
          bals[j] := bals[j] - p_amounts[k];
        END LOOP;
        st[i] := 2;
      END IF;
    END LOOP;
  ELSE
    -- Every entry posts or the call fails: the users' accounts are locked now, by id...
    SELECT coalesce(array_agg(l.id ORDER BY l.id), '{}'), coalesce(array_agg(l.balance ORDER BY l.id), '{}'),
           coalesce(array_agg(l.allow_negative ORDER BY l.id), '{}')
      INTO ids, bals, negs
      FROM (SELECT a.id, a.balance, a.allow_negative FROM ledger_accounts a
             WHERE a.id = ANY(p_accounts) AND a.user_id IS NOT NULL ORDER BY a.id FOR UPDATE) l;
  END IF;

  -- The entries. Without skip they are written before the platform accounts are locked: a
  -- concurrent batch waits on the shared house row for less.
  -- Ids and numbers for the posted entries, drawn in entry order (0 for the others: an array
  -- without nulls is subscripted in constant time).
  SELECT array_agg(CASE WHEN st[g.e] = 0 THEN nextval(id_seq) ELSE 0 END ORDER BY g.e),
         array_agg(CASE WHEN st[g.e] = 0 THEN nextval('journal_entry_no_seq') ELSE 0 END ORDER BY g.e)
    INTO eids, nos
    FROM generate_series(1, n) AS g(e);

  INSERT INTO journal_entries (id, entry_no, type, user_id, ref_type, ref_id, unique_key, memo)
  OVERRIDING SYSTEM VALUE
  SELECT x.eid, day || lpad(x.no::text, 10, '0'), x.type, x.usr, x.ref_type, x.ref_id, x.unique_key, x.memo
    FROM unnest(st, eids, nos, p_types, p_users, p_ref_types, p_ref_ids, p_unique_keys, p_memos)
         WITH ORDINALITY AS x(st, eid, no, type, usr, ref_type, ref_id, unique_key, memo, e)
   WHERE x.st = 0 ORDER BY x.e;

  IF NOT p_skip_short THEN
    -- ...then the platform accounts, by id (the shared house row last, so it is held the shortest).
    SELECT ids || coalesce(array_agg(l.id ORDER BY l.id), '{}'), bals || coalesce(array_agg(l.balance ORDER BY l.id), '{}'),
           negs || coalesce(array_agg(l.allow_negative ORDER BY l.id), '{}')
      INTO ids, bals, negs
      FROM (SELECT a.id, a.balance, a.allow_negative FROM ledger_accounts a
             WHERE a.id = ANY(p_accounts) AND a.user_id IS NULL ORDER BY a.id FOR UPDATE) l;
    IF coalesce(array_length(ids, 1), 0) <> (SELECT count(DISTINCT x) FROM unnest(p_accounts) x) THEN
      RAISE EXCEPTION 'candor_post_entries: unknown ledger account';
    END IF;
    orig := bals;

    -- Every entry posts or the call fails: the running balances in one set-based pass.
    SELECT array_agg(coalesce(r.after, 0) ORDER BY g.p), coalesce(bool_or(NOT r.neg AND r.after < 0), false)
      INTO after, short
      FROM generate_series(1, m) AS g(p)
      LEFT JOIN (
        SELECT x.p, l.neg, (l.bal + sum(x.amount) OVER (PARTITION BY x.account ORDER BY x.p))::bigint AS after
          FROM unnest(p_accounts, p_amounts, entry_of) WITH ORDINALITY AS x(account, amount, e, p)
          JOIN unnest(ids, bals, negs) AS l(id, bal, neg) ON l.id = x.account
         WHERE st[x.e] = 0) r ON r.p = g.p;
    IF short THEN
      RAISE EXCEPTION 'INSUFFICIENT_BALANCE' USING ERRCODE = 'CD001';
    END IF;
  END IF;

  INSERT INTO postings (entry_id, account_id, amount, balance_after)
  SELECT eids[x.e], x.account, x.amount, x.after
    FROM unnest(entry_of, p_accounts, p_amounts, after) WITH ORDINALITY AS x(e, account, amount, after, p)
   WHERE st[x.e] = 0 ORDER BY x.p;

  IF p_skip_short THEN
    UPDATE ledger_accounts a SET balance = d.bal
      FROM unnest(ids, bals, orig) AS d(id, bal, was)
     WHERE a.id = d.id AND d.bal <> d.was;
  ELSE
    UPDATE ledger_accounts a SET balance = a.balance + d.delta
      FROM (SELECT x.account AS id, sum(x.amount)::bigint AS delta
              FROM unnest(entry_of, p_accounts, p_amounts) AS x(e, account, amount) WHERE st[x.e] = 0 GROUP BY 1) d
     WHERE a.id = d.id AND d.delta <> 0;
  END IF;

  RETURN QUERY
    SELECT g.e::int, CASE st[g.e] WHEN 0 THEN 'posted' WHEN 1 THEN 'duplicate' ELSE 'short' END,
           CASE WHEN st[g.e] = 0 THEN eids[g.e] END,
           CASE WHEN st[g.e] = 0 THEN (day || lpad(nos[g.e]::text, 10, '0'))::varchar END,
           CASE WHEN st[g.e] = 0 THEN p_accounts[starts[g.e]:starts[g.e] + p_sizes[g.e] - 1] END,
           CASE WHEN st[g.e] = 0 THEN after[starts[g.e]:starts[g.e] + p_sizes[g.e] - 1] END
      FROM generate_series(1, n) AS g(e) ORDER BY g.e;
END $$;`,
};
