import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `candor_post_entries`: many balanced journal entries in ONE call, each one all or nothing on its
 * own. It is `candor_post_entry` for a batch (the order hot path groups the orders that arrive
 * together into one statement and one commit), with the same rules:
 *  - every entry has two or more non-zero postings summing to zero, or the call fails;
 *  - an entry whose unique key is already posted (or repeated earlier in the batch) is skipped
 *    ('duplicate'), as `candor_post_entry` skips it;
 *  - all the batch's accounts are locked at once in id order (the order every ledger write uses, so
 *    batches, single entries and settlement cannot deadlock), and the entries are applied one after
 *    another in the given order on the locked balances: each posting's balance_after is the running
 *    balance of its account;
 *  - an entry that would leave a non-negative account below zero is refused as a whole: with
 *    p_skip_short it is skipped ('short') and the others go on, otherwise the call raises CD001;
 *  - then one INSERT of the entries, one INSERT of all postings (the postings_balanced trigger runs
 *    once and checks every entry), and one UPDATE per changed account.
 * Returns one row per entry, in order: its status ('posted' | 'duplicate' | 'short'), the entry's id
 * and number when posted, and its postings' accounts and balances after (null unless posted).
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
        eids := array_fill(NULL::bigint, ARRAY[n]);
        nos := array_fill(NULL::varchar, ARRAY[n]);
        after := array_fill(NULL::bigint, ARRAY[m]);
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

        -- Every account of the batch, locked once, in id order.
        SELECT array_agg(l.id ORDER BY l.id), array_agg(l.balance ORDER BY l.id), array_agg(l.allow_negative ORDER BY l.id)
          INTO ids, bals, negs
          FROM (SELECT a.id, a.balance, a.allow_negative FROM ledger_accounts a
                 WHERE a.id = ANY(p_accounts) ORDER BY a.id FOR UPDATE) l;
        IF coalesce(array_length(ids, 1), 0) <> (SELECT count(DISTINCT x) FROM unnest(p_accounts) x) THEN
          RAISE EXCEPTION 'candor_post_entries: unknown ledger account';
        END IF;
        orig := bals;
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
              after[k] := NULL;
            END LOOP;
            st[i] := 'short';
          ELSE
            eids[i] := nextval(id_seq);
            nos[i] := 'J' || day || lpad(nextval('journal_entry_no_seq')::text, 10, '0');
          END IF;
        END LOOP;

        INSERT INTO journal_entries (id, entry_no, type, user_id, ref_type, ref_id, unique_key, memo)
        OVERRIDING SYSTEM VALUE
        SELECT eids[g.e], nos[g.e], p_types[g.e], p_users[g.e], p_ref_types[g.e], p_ref_ids[g.e], p_unique_keys[g.e], p_memos[g.e]
          FROM generate_series(1, n) AS g(e) WHERE st[g.e] = 'posted' ORDER BY g.e;

        INSERT INTO postings (entry_id, account_id, amount, balance_after)
        SELECT eids[entry_of[g.p]], p_accounts[g.p], p_amounts[g.p], after[g.p]
          FROM generate_series(1, m) AS g(p) WHERE st[entry_of[g.p]] = 'posted' ORDER BY g.p;

        UPDATE ledger_accounts a SET balance = d.bal
          FROM unnest(ids, bals, orig) AS d(id, bal, was)
         WHERE a.id = d.id AND d.bal <> d.was;

        RETURN QUERY
          SELECT g.e, st[g.e], eids[g.e], nos[g.e],
                 CASE WHEN st[g.e] = 'posted' THEN p_accounts[starts[g.e]:starts[g.e] + p_sizes[g.e] - 1] END,
                 CASE WHEN st[g.e] = 'posted' THEN after[starts[g.e]:starts[g.e] + p_sizes[g.e] - 1] END
            FROM generate_series(1, n) AS g(e) ORDER BY g.e;
      END $$;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION candor_post_entries(varchar[], uuid[], varchar[], varchar[], varchar[], text[], int[], bigint[], bigint[], boolean)`);
  }
}
