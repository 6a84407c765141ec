import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ledger_accounts rows are updated on every order and every settlement. No index names `balance`, so leaving
 * half of each page free lets a balance update be HOT (no new index entries); pages already written keep their
 * layout until rewritten (docs/internals.md, "Migrations: why each exists").
 */
export class LedgerAccountsFillfactor1764200000000 implements MigrationInterface {
  name = 'LedgerAccountsFillfactor1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ledger_accounts SET (fillfactor = 50)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ledger_accounts RESET (fillfactor)`);
  }
}
