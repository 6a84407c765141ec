import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Self-set responsible-trading limits (issue 50, docs/responsible-trading.md): one row per user who set any,
 * locked FOR UPDATE by the transactions that place a real order, record a deposit or move money into Yu'e Bao,
 * so parallel requests cannot pass a limit together. Money in cents, the reminder in minutes; null = no limit.
 * `pending` holds raised or removed limits waiting for their cooling-off: { name: { value, effectiveAtMs } }.
 * No operator route writes here.
 */
export class ResponsibleLimits1766000000600 implements MigrationInterface {
  name = 'ResponsibleLimits1766000000600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE user_limits (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        deposit_day bigint CHECK (deposit_day >= 0),
        deposit_week bigint CHECK (deposit_week >= 0),
        deposit_month bigint CHECK (deposit_month >= 0),
        loss_day bigint CHECK (loss_day >= 0),
        loss_week bigint CHECK (loss_week >= 0),
        loss_month bigint CHECK (loss_month >= 0),
        stake_per_order bigint CHECK (stake_per_order >= 0),
        reminder_minutes int CHECK (reminder_minutes > 0),
        pending jsonb NOT NULL DEFAULT '{}'::jsonb,
        time_out_until timestamptz,
        self_excluded_until timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE user_limits`);
  }
}
