import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An operator can take a broadcast back (issue 48): `withdrawn_at` set, it leaves every inbox and the unread
 * counts. The row stays, so the audit log's `message.withdraw` line still names what was sent.
 */
export class MessagesWithdrawn1765800000060 implements MigrationInterface {
  name = 'MessagesWithdrawn1765800000060';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE messages ADD COLUMN withdrawn_at timestamptz NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE messages DROP COLUMN withdrawn_at`);
  }
}
