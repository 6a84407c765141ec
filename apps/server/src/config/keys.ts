import { hkdfSync } from 'node:crypto';
import type { AppConfig } from './config.js';

/** What each separate secret protects; rotating one never touches the others. */
export type KeyPurpose = 'totp' | 'mail' | 'kyc' | 'altcha';

/**
 * The secret for one purpose. Owned by the keys work of issue 52 (this first version: the configured key
 * when set, else, outside production, one derived from JWT_SECRET per purpose).
 */
export function secretFor(config: AppConfig, purpose: KeyPurpose): string {
  const configured = (
    {
      totp: config.TOTP_ENCRYPTION_KEY,
      mail: config.MAIL_TOKEN_KEY,
      kyc: config.KYC_ENCRYPTION_KEY,
      altcha: config.ALTCHA_HMAC_KEY,
    } as const
  )[purpose];
  if (configured) return configured;
  return Buffer.from(hkdfSync('sha256', config.JWT_SECRET, 'candor-keys', `fallback-${purpose}`, 32)).toString('base64url');
}
