import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Web Push subscriptions (issue 49): one row per browser push endpoint, which belongs to one user at a time (a
 * second user registering the same endpoint takes the row over). `kinds` are the notifications it receives;
 * `p256dh` and `auth` are the browser's keys the payload is encrypted to. Removed outright (no history): the
 * user turned push off, or the push service answered 404/410 for the endpoint.
 */
export class PushSubscriptions1766000000300 implements MigrationInterface {
  name = 'PushSubscriptions1766000000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE push_subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        endpoint text NOT NULL UNIQUE CHECK (length(endpoint) <= 1000),
        p256dh text NOT NULL,
        auth text NOT NULL,
        kinds text[] NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (kinds <@ ARRAY['order', 'funds', 'verification', 'support']::text[])
      )`);
    await q.query(`CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id, updated_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE push_subscriptions`);
  }
}
