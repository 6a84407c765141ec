import { hkdfSync } from 'node:crypto';
import type { z } from 'zod';

/** What each separate secret protects; rotating one never touches the others. */
export type KeyPurpose = 'totp' | 'userTotp' | 'mail' | 'kyc' | 'altcha' | 'liabilities';

/** The variable that holds each purpose's key. */
export const KEY_VARIABLES = {
  totp: 'TOTP_ENCRYPTION_KEY',
  userTotp: 'USER_TOTP_ENCRYPTION_KEY',
  mail: 'MAIL_TOKEN_KEY',
  kyc: 'KYC_ENCRYPTION_KEY',
  altcha: 'ALTCHA_HMAC_KEY',
  liabilities: 'LIABILITIES_SALT_KEY',
} as const;

// Spelled out rather than taken from AppConfig: config.ts runs requireProductionKeys, so this file cannot import it.
type KeyVariable = (typeof KEY_VARIABLES)[KeyPurpose];
type KeyConfig = { JWT_SECRET: string; NODE_ENV?: string } & { [K in KeyVariable]?: string };

/**
 * The secret for one purpose: its configured key; else, outside production only, one derived from JWT_SECRET
 * for that purpose (production refuses to start without every key, see requireProductionKeys). `npm start`
 * always passes generated keys, so only tests and `nx serve` use the derived ones.
 */
export function secretFor(config: KeyConfig, purpose: KeyPurpose): string {
  const configured = config[KEY_VARIABLES[purpose]];
  if (configured) return configured;
  if (config.NODE_ENV === 'production') throw new Error(`${KEY_VARIABLES[purpose]} is not set`);
  return Buffer.from(hkdfSync('sha256', config.JWT_SECRET, 'candor-keys', `fallback-${purpose}`, 32)).toString('base64url');
}

/**
 * In production every key is given, and no two of them (JWT_SECRET included) are the same secret, so a leak
 * or a rotation of one leaves the others alone. Runs as the config schema's superRefine.
 */
export function requireProductionKeys(config: Partial<KeyConfig>, ctx: z.RefinementCtx): void {
  if (config.NODE_ENV !== 'production') return;
  const missing = Object.values(KEY_VARIABLES).filter((name) => !config[name]);
  if (missing.length > 0) {
    ctx.addIssue({
      code: 'custom',
      path: [missing.join(', ')],
      message: `required in production (each its own random secret of at least 32 characters, e.g. \`openssl rand -base64 48\`; or a file named by ${missing[0]}_FILE)`,
    });
  }
  const seen = new Map<string, string>();
  for (const name of ['JWT_SECRET', ...Object.values(KEY_VARIABLES)] as const) {
    const value = config[name];
    if (!value) continue;
    const same = seen.get(value);
    if (same) ctx.addIssue({ code: 'custom', path: [name], message: `must differ from ${same}` });
    else seen.set(value, name);
  }
}
