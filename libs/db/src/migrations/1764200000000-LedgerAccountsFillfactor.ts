import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ledger_accounts rows are updated on every order and every settlement (the balance), and the house
 * row once per batch. No index names `balance`, so an update can be a HOT update (no new index
 * entries, no bottom-up index deletion later) whenever the row's page has room for the new version;
 * at the default fillfactor 100 the pages are full and most updates were not HOT (a settlement burst:
 * 4 106 of 22 740). Half of each page is now left for updated versions. Pages already written keep
 * their layout until they are rewritten (VACUUM FULL or CLUSTER); new pages follow the setting.
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
