import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Price alerts (issue 48): a user asks to be told once when a product's price reaches `level`, from `direction`
 * ('above': rising to it, 'below': falling to it). `triggered_at` is set once, by the statement that fires it
 * (`... WHERE triggered_at IS NULL`), with the price that did; a removed alert is kept as `removed`, never fired.
 * The partial index holds only the active alerts: the feed's reads of them stay small whatever the history.
 */
export class PriceAlerts1765800000490 implements MigrationInterface {
  name = 'PriceAlerts1765800000490';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE price_alerts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        symbol varchar(20) NOT NULL REFERENCES products(symbol) ON UPDATE CASCADE ON DELETE CASCADE,
        direction varchar(5) NOT NULL CHECK (direction IN ('above', 'below')),
        level numeric NOT NULL CHECK (level > 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        triggered_at timestamptz NULL,
        triggered_price numeric NULL,
        removed boolean NOT NULL DEFAULT false,
        CHECK ((triggered_at IS NULL) = (triggered_price IS NULL))
      )`);
    await q.query(`CREATE INDEX price_alerts_active ON price_alerts (symbol, direction, level) WHERE triggered_at IS NULL AND NOT removed`);
    await q.query(`CREATE INDEX price_alerts_user ON price_alerts (user_id, created_at) WHERE NOT removed`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE price_alerts`);
  }
}
