import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The in-app chat with customer service (issue 49): one conversation per user, its messages (text or one
 * image), the agents' internal notes (never shown to the user) and the canned replies agents pick from.
 * A message carries the sending client's own id, unique per conversation and side, so a resend after a lost
 * answer finds the stored message instead of storing a second one. `user_unread` / `agent_unread` count the
 * messages each side has not read yet (the user's badge, the inbox's count).
 */
export class SupportChat1766000000100 implements MigrationInterface {
  name = 'SupportChat1766000000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE support_conversations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
        assignee_id uuid NULL REFERENCES operators(id),
        status varchar(8) NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
        last_message_at timestamptz NOT NULL DEFAULT now(),
        last_preview varchar(120) NOT NULL DEFAULT '',
        user_unread int NOT NULL DEFAULT 0 CHECK (user_unread >= 0),
        agent_unread int NOT NULL DEFAULT 0 CHECK (agent_unread >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX support_conversations_inbox ON support_conversations (status, (assignee_id IS NOT NULL), last_message_at DESC, id DESC)`);
    await q.query(`
      CREATE TABLE support_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        conversation_id uuid NOT NULL REFERENCES support_conversations(id) ON DELETE CASCADE,
        sender varchar(8) NOT NULL CHECK (sender IN ('user', 'agent')),
        client_id varchar(64) NOT NULL,
        operator_id uuid NULL REFERENCES operators(id),
        body text NULL CHECK (char_length(body) <= 2000),
        upload_id uuid NULL REFERENCES uploads(id),
        status varchar(10) NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'delivered', 'read')),
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        CHECK ((body IS NULL) <> (upload_id IS NULL)),
        CHECK ((sender = 'agent') = (operator_id IS NOT NULL)),
        UNIQUE (conversation_id, sender, client_id)
      )`);
    await q.query(`CREATE INDEX support_messages_history ON support_messages (conversation_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX support_messages_unread ON support_messages (conversation_id, sender) WHERE status <> 'read'`);
    await q.query(`
      CREATE TABLE support_notes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        conversation_id uuid NOT NULL REFERENCES support_conversations(id) ON DELETE CASCADE,
        operator_id uuid NOT NULL REFERENCES operators(id),
        body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX support_notes_conversation ON support_notes (conversation_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE support_canned_replies (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        locale varchar(8) NOT NULL,
        title varchar(80) NOT NULL,
        body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX support_canned_replies_locale ON support_canned_replies (locale, title)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE support_canned_replies`);
    await q.query(`DROP TABLE support_notes`);
    await q.query(`DROP TABLE support_messages`);
    await q.query(`DROP TABLE support_conversations`);
  }
}
