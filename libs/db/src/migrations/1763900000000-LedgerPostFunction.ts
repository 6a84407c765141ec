import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `candor_post_entry`: one balanced journal entry in ONE round trip — the entry (idempotent on its
 * unique key), the guarded balance updates in account-id order (a debit that would take a
 * non-negative account below zero raises SQLSTATE CD001), and all its postings in one INSERT (so the
 * postings_balanced trigger sees the whole entry). LedgerService.post and the order hot path call it.
 */
export class LedgerPostFunction1763900000000 implements MigrationInterface {
  name = 'LedgerPostFunction1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION candor_post_entry(
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
        FOR i IN SELECT t.ord FROM unnest(p_accounts) WITH ORDINALITY AS t(acc, ord) ORDER BY t.acc LOOP
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
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION candor_post_entry(varchar, uuid, varchar, varchar, varchar, text, bigint[], bigint[])`);
  }
}
