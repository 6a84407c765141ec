import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The countries the platform does not serve (issue 50, docs/console.md "Blocked countries"): one row, the
 * whole list as the operators last saved it. `phone` refuses registration with a number of the country,
 * `nationality` refuses identity verification; `message` holds the operators' text per locale (zh-TW at
 * least, the fallback). Every change is in the audit log with the list before and after.
 */
export class BlockedCountries1766000000800 implements MigrationInterface {
  name = 'BlockedCountries1766000000800';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE blocked_countries (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        phone text[] NOT NULL DEFAULT '{}',
        nationality text[] NOT NULL DEFAULT '{}',
        message jsonb NOT NULL DEFAULT '{}'::jsonb,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid REFERENCES operators(id)
      )`);
    await q.query(`INSERT INTO blocked_countries (id) VALUES (1)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE blocked_countries`);
  }
}
