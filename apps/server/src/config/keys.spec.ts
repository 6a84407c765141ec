import { describe, expect, it } from '@jest/globals';
import { secretFor, type KeyPurpose } from './keys.js';

const JWT_SECRET = 'j'.repeat(40);
const purposes: KeyPurpose[] = ['totp', 'userTotp', 'mail', 'kyc', 'altcha', 'liabilities'];

describe('secretFor', () => {
  it('answers the configured key of each purpose', () => {
    const config = {
      JWT_SECRET,
      TOTP_ENCRYPTION_KEY: 't'.repeat(32),
      USER_TOTP_ENCRYPTION_KEY: 'u'.repeat(32),
      MAIL_TOKEN_KEY: 'm'.repeat(32),
      KYC_ENCRYPTION_KEY: 'k'.repeat(32),
      ALTCHA_HMAC_KEY: 'a'.repeat(32),
      LIABILITIES_SALT_KEY: 'l'.repeat(32),
    };
    expect(purposes.map((p) => secretFor(config, p))).toEqual(['t', 'u', 'm', 'k', 'a', 'l'].map((c) => c.repeat(32)));
  });

  it('outside production derives one key per purpose from JWT_SECRET, none of them JWT_SECRET', () => {
    const derived = purposes.map((p) => secretFor({ JWT_SECRET, NODE_ENV: 'test' }, p));
    expect(new Set(derived).size).toBe(purposes.length);
    for (const key of derived) {
      expect(key).not.toContain(JWT_SECRET.slice(0, 8));
      expect(key.length).toBeGreaterThanOrEqual(32);
    }
    expect(secretFor({ JWT_SECRET, NODE_ENV: 'development' }, 'totp')).toBe(derived[0]);
    expect(secretFor({ JWT_SECRET: 'x'.repeat(40), NODE_ENV: 'test' }, 'totp')).not.toBe(derived[0]);
  });

  it('in production never derives one', () => {
    expect(() => secretFor({ JWT_SECRET, NODE_ENV: 'production' }, 'totp')).toThrow('TOTP_ENCRYPTION_KEY is not set');
  });
});
