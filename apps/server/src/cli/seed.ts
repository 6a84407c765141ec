import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { PLATFORM_ACCOUNT_KINDS } from '@candor/db';
import { isValidEmail, isValidInviteCode } from '@candor/domain';
import { PasswordHasher } from '../auth/password-hasher.js';
import { decryptSecret, deriveTotpKey, encryptSecret, isBase32Secret } from '../auth/totp/totp-crypto.js';
import { secretFor } from '../config/keys.js';
import { readSecretFiles } from '../config/secret-files.js';
import { SEEDERS } from './seeders.js';
import { randomInviteCode } from '../users/invite-code.js';

const defaultOut = (line: string) => process.stdout.write(`${line}\n`);

/** Whether the stored secret is this one (false too when it was encrypted under another key). */
function sameSecret(material: string, stored: string, secret: string): boolean {
  try {
    return decryptSecret(deriveTotpKey(material), stored) === secret;
  } catch {
    return false;
  }
}

/** The api's TOTP key (TOTP_ENCRYPTION_KEY, or its _FILE; outside production a fallback), as OperatorTotpService takes it. */
function totpKeyOf(env: Record<string, string | undefined>): string {
  const keys = readSecretFiles(env);
  if (keys.problems.length > 0) throw new Error(keys.problems.join('; '));
  const { TOTP_ENCRYPTION_KEY, JWT_SECRET, NODE_ENV } = keys.env;
  if (!TOTP_ENCRYPTION_KEY && (NODE_ENV === 'production' || !JWT_SECRET)) {
    throw new Error('OPERATOR_TOTP_SECRET needs TOTP_ENCRYPTION_KEY (the key it is encrypted with)');
  }
  return secretFor({ TOTP_ENCRYPTION_KEY, JWT_SECRET: JWT_SECRET ?? '', NODE_ENV: NODE_ENV === 'production' ? 'production' : 'development' }, 'totp');
}

function generatedPassword(): string {
  // Letters and digits, readable, ~95 bits.
  return `${randomBytes(12).toString('base64url')}9a`;
}

/**
 * Runs the committed migrations, then the idempotent seed: platform ledger accounts, the seeded
 * operator (password generated once and printed once, or OPERATOR_PASSWORD), the operator's
 * invitation code (SEED_INVITE_CODE or generated once), and the feature seeders. OPERATOR_TOTP_SECRET
 * (base32) sets the seeded operator's TOTP secret, encrypted like an enrolled one; without it the
 * operator enrols at the first console login.
 */
export async function migrateAndSeed(
  ds: DataSource,
  env: Record<string, string | undefined> = process.env,
  out: (line: string) => void = defaultOut,
): Promise<void> {
  {
    const ran = await ds.runMigrations({ transaction: 'each' });
    out(ran.length ? `Migrations applied: ${ran.map((m) => m.name).join(', ')}` : 'Migrations: up to date');
    const hasher = new PasswordHasher();

    await ds.transaction(async (em) => {
      await em.query(`SELECT pg_advisory_xact_lock(774411)`); // one seeder at a time
      for (const kind of PLATFORM_ACCOUNT_KINDS) {
        await em.query(
          `INSERT INTO ledger_accounts (user_id, kind, allow_negative) SELECT NULL, $1::varchar, true
           WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts WHERE user_id IS NULL AND kind = $1::varchar)`,
          [kind],
        );
      }

      const email = (env.OPERATOR_EMAIL ?? 'operator@candor.local').trim();
      if (!isValidEmail(email) && !/^[^@\s]+@[^@\s]+$/.test(email)) throw new Error(`OPERATOR_EMAIL is not an e-mail: ${email}`);
      const given = env.OPERATOR_PASSWORD;
      if (given !== undefined && given.length < 8) throw new Error('OPERATOR_PASSWORD must be at least 8 characters');
      const totpSecret = env.OPERATOR_TOTP_SECRET?.trim().toUpperCase().replace(/\s/g, '') || undefined;
      if (totpSecret !== undefined && !isBase32Secret(totpSecret)) throw new Error('OPERATOR_TOTP_SECRET must be base32 (A-Z, 2-7), at least 16 characters');
      const [existing]: { id: string }[] = await em.query(`SELECT id FROM operators WHERE lower(email) = lower($1)`, [email]);
      let operatorId: string;
      if (!existing) {
        const password = given ?? generatedPassword();
        const [row]: { id: string }[] = await em.query(`INSERT INTO operators (email, password_hash, role) VALUES ($1, $2, 'admin') RETURNING id`, [
          email,
          await hasher.hash(password),
        ]);
        operatorId = row!.id;
        await em.query(
          `INSERT INTO audit_log (operator_id, actor, action, target_type, target_id, details) VALUES (NULL, 'system', 'operator.created', 'operator', $1, $2::jsonb)`,
          [operatorId, JSON.stringify({ email, role: 'admin' })],
        );
        out(`Operator login: ${email} / ${password}${given ? '' : '   (generated now and shown only this once: keep it)'}`);
      } else {
        operatorId = existing.id;
        if (given !== undefined) {
          await em.query(`UPDATE operators SET password_hash = $2 WHERE id = $1`, [operatorId, await hasher.hash(given)]);
          await em.query(
            `INSERT INTO audit_log (operator_id, actor, action, target_type, target_id) VALUES (NULL, 'system', 'operator.password_set_from_env', 'operator', $1)`,
            [operatorId],
          );
          out(`Operator login: ${email} / ${given}`);
        } else {
          out(`Operator login: ${email} (password as printed at the first start, or set OPERATOR_PASSWORD)`);
        }
      }

      if (totpSecret !== undefined) {
        const material = totpKeyOf(env);
        // Set only when it differs from the stored one, so a restart does not reopen used time steps.
        const [row]: { totp_secret_enc: string | null }[] = await em.query(`SELECT totp_secret_enc FROM operators WHERE id = $1`, [operatorId]);
        if (!row?.totp_secret_enc || !sameSecret(material, row.totp_secret_enc, totpSecret)) {
          await em.query(`UPDATE operators SET totp_secret_enc = $2, totp_enrolled_at = now(), totp_last_step = NULL WHERE id = $1`, [
            operatorId,
            encryptSecret(deriveTotpKey(material), totpSecret),
          ]);
          await em.query(
            `INSERT INTO audit_log (operator_id, actor, action, target_type, target_id) VALUES (NULL, 'system', 'operator.totp_set_from_env', 'operator', $1)`,
            [operatorId],
          );
          out(`Operator TOTP: the secret from OPERATOR_TOTP_SECRET is set for ${email}`);
        }
      }

      const wanted = env.SEED_INVITE_CODE?.trim();
      if (wanted !== undefined && !isValidInviteCode(wanted)) throw new Error('SEED_INVITE_CODE must be 4 to 16 letters or digits');
      if (wanted) {
        await em.query(
          `INSERT INTO invitation_codes (code, created_by_operator_id) SELECT $1::varchar, $2
           WHERE NOT EXISTS (SELECT 1 FROM invitation_codes WHERE upper(code) = upper($1::varchar))`,
          [wanted, operatorId],
        );
        await em.query(`UPDATE invitation_codes SET active = true WHERE upper(code) = upper($1)`, [wanted]);
      }
      const codes: { code: string }[] = await em.query(`SELECT code FROM invitation_codes WHERE owner_user_id IS NULL AND active ORDER BY created_at`);
      if (codes.length === 0) {
        const code = randomInviteCode();
        await em.query(`INSERT INTO invitation_codes (code, created_by_operator_id) VALUES ($1, $2)`, [code, operatorId]);
        codes.push({ code });
      }
      out(`Invitation code: ${wanted ?? codes[0]!.code}`);

      for (const s of SEEDERS) await s.run(em, (line) => out(`[seed:${s.name}] ${line}`));
    });
  }
}
