import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * System messages. A message to one user has `user_id`; a broadcast has none and is one row that every
 * user reads, with a per-user read marker. System messages keep a text key and its values, so each
 * reader sees them in their own language; operators' messages keep their texts per language.
 */
export class Messages1764800000000 implements MigrationInterface {
  name = 'Messages1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE messages (
        id bigserial PRIMARY KEY,
        user_id uuid REFERENCES users(id),
        text_key varchar(40),
        vars jsonb NOT NULL DEFAULT '{}',
        titles jsonb,
        bodies jsonb,
        operator_id uuid REFERENCES operators(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((text_key IS NOT NULL) <> (titles IS NOT NULL AND bodies IS NOT NULL))
      );
      CREATE INDEX messages_by_user ON messages (user_id, id DESC) WHERE user_id IS NOT NULL;
      CREATE INDEX messages_broadcast ON messages (id DESC) WHERE user_id IS NULL;
      CREATE TABLE message_reads (
        user_id uuid NOT NULL REFERENCES users(id),
        message_id bigint NOT NULL REFERENCES messages(id),
        read_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, message_id)
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE message_reads; DROP TABLE messages;`);
  }
}
