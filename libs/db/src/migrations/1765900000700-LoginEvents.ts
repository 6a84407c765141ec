import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sign-in history a user reads beside their sessions (issue 49): each attempt on their account, when, from
 * where, and whether it got in. Only attempts on an existing account are kept (an unknown e-mail has no owner
 * to show them to), and the newest 100 per user: the login rate limits and graphic code bound how fast
 * failures come, and the cap bounds how many stay.
 */
export class LoginEvents1765900000700 implements MigrationInterface {
  name = 'LoginEvents1765900000700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE login_events (
        id bigserial PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        at timestamptz NOT NULL DEFAULT now(),
        ip text,
        user_agent text,
        ok boolean NOT NULL,
        reason text CHECK (reason IN ('password', 'disabled')),
        CHECK (ok = (reason IS NULL))
      )`);
    await q.query(`CREATE INDEX login_events_user ON login_events (user_id, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE login_events`);
  }
}
