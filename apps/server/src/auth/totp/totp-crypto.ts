import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** The TOTP parameters every authenticator app understands: SHA-1, 6 digits, 30 s. */
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const FORMAT = 'v1';

/** Whose secrets a key protects: operators' (TOTP_ENCRYPTION_KEY) or users' (USER_TOTP_ENCRYPTION_KEY). */
export type TotpScope = 'operator' | 'user';
const HKDF_LABELS: Record<TotpScope, [salt: string, info: string]> = {
  operator: ['candor-operators', 'operator-totp-v1'],
  user: ['candor-users', 'user-totp-v1'],
};

/**
 * The 32-byte key for one scope's secrets, derived (HKDF-SHA256) from a configured secret so the raw value is
 * never the key; each scope has its own labels, so even one material would give two unrelated keys.
 */
export function deriveTotpKey(material: string, scope: TotpScope = 'operator'): Buffer {
  if (material.length < 32) throw new Error('the TOTP key material must be at least 32 characters');
  const [salt, info] = HKDF_LABELS[scope];
  return Buffer.from(hkdfSync('sha256', material, salt, info, 32));
}

/** AES-256-GCM with a random 96-bit nonce; `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [FORMAT, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The plain secret; throws when the value was altered or encrypted under another key. */
export function decryptSecret(key: Buffer, stored: string): string {
  const [format, iv, tag, body] = stored.split('.');
  if (format !== FORMAT || !iv || !tag || body === undefined) throw new Error('not an encrypted TOTP secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** Ten random recovery codes, `xxxxx-xxxxx` (about 49 bits each). */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const one = () => Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: count }, () => {
    const c = one();
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
}

/** As typed: case, spaces and dashes do not matter. */
export const normalizeRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');
export const looksLikeTotp = (code: string): boolean => /^\d{6}$/.test(code.replace(/\s/g, ''));

/** Recovery codes are stored as HMAC-SHA256 under the key: a copy of the table alone cannot be tried offline. */
export function hashRecoveryCode(key: Buffer, code: string): string {
  return createHmac('sha256', key)
    .update(`recovery:${normalizeRecoveryCode(code)}`)
    .digest('hex');
}

/** Enrolment tokens are looked up by their hash, so Redis never holds a usable token. */
export function hashToken(key: Buffer, token: string): string {
  return createHmac('sha256', key).update(`enrollment:${token}`).digest('hex');
}

export const sameHash = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** A base32 secret as authenticator apps take it (RFC 4648 letters, at least 80 bits). */
export const isBase32Secret = (s: string): boolean => /^[A-Z2-7]{16,128}=*$/.test(s);
