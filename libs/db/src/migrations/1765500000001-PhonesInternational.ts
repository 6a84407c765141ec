import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The mainland rule of normalizePhone (libs/domain) in SQL: 11 digits, 1 then 3/4/5/7/8/9, read as +86. */
const MAINLAND = `'^1[345789][0-9]{9}$'`;
const E164 = `CASE WHEN u.phone ~ ${MAINLAND} THEN '+86' || u.phone ELSE u.phone END`;

/**
 * One person, one phone: phones are stored in E.164, so `13954176704` and `+8613954176704` are one number.
 *
 * Numbers that two or more accounts share once normalised are reported in `phone_duplicates` (and as
 * NOTICE lines and on the migration's output) for an operator to resolve, and keep their old spelling:
 * so the unique index `users_phone` (since Init) keeps holding on every row, and each reported number
 * is still found by its E.164 spelling (the account that already had it). Everything else that the
 * mainland rule reads is rewritten; other spellings were already E.164 or are left as they are.
 *
 * Down drops the report; the phones stay in E.164, which the earlier rules accept too.
 */
export class PhonesInternational1765500000001 implements MigrationInterface {
  name = 'PhonesInternational1765500000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE phone_duplicates (
        id bigserial PRIMARY KEY,
        phone varchar(20) NOT NULL,
        user_ids uuid[] NOT NULL,
        found_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz NULL
      )`);
    await q.query(`CREATE INDEX phone_duplicates_open ON phone_duplicates (found_at DESC) WHERE resolved_at IS NULL`);
    // Oldest account first in each group: usually the one to keep.
    const found: { phone: string; user_ids: string[] }[] = await q.query(`
      INSERT INTO phone_duplicates (phone, user_ids)
      SELECT n.e164, array_agg(n.id ORDER BY n.created_at, n.id)
        FROM (SELECT u.id, u.created_at, ${E164} AS e164 FROM users u) n
       GROUP BY n.e164 HAVING count(*) > 1
      RETURNING phone, user_ids::text[] AS user_ids`);
    await q.query(`
      DO $$
      DECLARE d record;
      BEGIN
        FOR d IN SELECT phone, user_ids FROM phone_duplicates WHERE resolved_at IS NULL ORDER BY id LOOP
          RAISE NOTICE 'phone % is shared by % accounts: %', d.phone, cardinality(d.user_ids), d.user_ids;
        END LOOP;
      END $$`);
    await q.query(`
      UPDATE users u SET phone = '+86' || u.phone
       WHERE u.phone ~ ${MAINLAND}
         AND NOT EXISTS (SELECT 1 FROM phone_duplicates d WHERE d.phone = '+86' || u.phone)`);
    // The default logging shows errors only: the operator reads the report here and in phone_duplicates.
    for (const d of found) console.warn(`PhonesInternational: phone ${d.phone} is shared by accounts ${d.user_ids.join(', ')} (see phone_duplicates)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE phone_duplicates`);
  }
}
