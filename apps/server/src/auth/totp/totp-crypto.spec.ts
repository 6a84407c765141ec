import { describe, expect, it } from '@jest/globals';
import {
  decryptSecret,
  deriveTotpKey,
  encryptSecret,
  generateRecoveryCodes,
  hashRecoveryCode,
  isBase32Secret,
  looksLikeTotp,
  normalizeRecoveryCode,
} from './totp-crypto.js';

const key = deriveTotpKey('k'.repeat(32));
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('TOTP secret encryption (AES-256-GCM)', () => {
  it('round-trips, with a fresh nonce each time, and never holds the secret in clear', () => {
    const a = encryptSecret(key, SECRET);
    const b = encryptSecret(key, SECRET);
    expect(a).not.toBe(b);
    expect(a).not.toContain(SECRET);
    expect(a.split('.')[0]).toBe('v1');
    expect(decryptSecret(key, a)).toBe(SECRET);
    expect(decryptSecret(key, b)).toBe(SECRET);
  });

  it('refuses another key, an altered ciphertext or tag, and a foreign format', () => {
    const stored = encryptSecret(key, SECRET);
    expect(() => decryptSecret(deriveTotpKey('other'.repeat(8)), stored)).toThrow();
    const [v, iv, tag, body] = stored.split('.') as [string, string, string, string];
    const flip = (s: string) => Buffer.from(Buffer.from(s, 'base64url').map((x, i) => (i === 0 ? x ^ 1 : x))).toString('base64url');
    expect(() => decryptSecret(key, [v, iv, tag, flip(body)].join('.'))).toThrow();
    expect(() => decryptSecret(key, [v, iv, flip(tag), body].join('.'))).toThrow();
    expect(() => decryptSecret(key, SECRET)).toThrow('not an encrypted TOTP secret');
  });

  it('derives a 32-byte key that depends on the material, and refuses short material', () => {
    expect(deriveTotpKey('a'.repeat(32))).toHaveLength(32);
    expect(deriveTotpKey('a'.repeat(32)).equals(deriveTotpKey('b'.repeat(32)))).toBe(false);
    expect(deriveTotpKey('a'.repeat(32)).equals(deriveTotpKey('a'.repeat(32)))).toBe(true);
    expect(() => deriveTotpKey('short')).toThrow();
  });

  it("gives users' secrets a key of their own, even from the same material", () => {
    const material = 'a'.repeat(32);
    expect(deriveTotpKey(material, 'user').equals(deriveTotpKey(material, 'operator'))).toBe(false);
    expect(deriveTotpKey(material)).toEqual(deriveTotpKey(material, 'operator'));
    expect(() => decryptSecret(deriveTotpKey(material, 'user'), encryptSecret(deriveTotpKey(material), SECRET))).toThrow();
  });
});

describe('recovery codes', () => {
  it('are ten distinct xxxxx-xxxxx codes', () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  });

  it('hash the same whatever the case, spaces and dashes, and differently under another key', () => {
    expect(hashRecoveryCode(key, 'abcde-fghjk')).toBe(hashRecoveryCode(key, ' ABCDE FGHJK '));
    expect(hashRecoveryCode(key, 'abcde-fghjk')).toBe(hashRecoveryCode(key, 'abcdefghjk'));
    expect(hashRecoveryCode(key, 'abcde-fghjk')).not.toBe(hashRecoveryCode(key, 'abcde-fghjm'));
    expect(hashRecoveryCode(key, 'abcde-fghjk')).not.toBe(hashRecoveryCode(deriveTotpKey('z'.repeat(32)), 'abcde-fghjk'));
    expect(hashRecoveryCode(key, 'abcde-fghjk')).toMatch(/^[0-9a-f]{64}$/);
    expect(normalizeRecoveryCode('AB-C d')).toBe('abcd');
  });
});

describe('input shapes', () => {
  it.each([
    ['123456', true],
    ['123 456', true],
    ['12345', false],
    ['1234567', false],
    ['abcde-fghjk', false],
  ])('looksLikeTotp(%s) = %s', (code, expected) => expect(looksLikeTotp(code)).toBe(expected));

  it.each([
    [SECRET, true],
    ['JBSWY3DPEHPK3PXP', true],
    ['JBSWY3DPEHPK3PX', false],
    ['jbswy3dpehpk3pxp', false],
    ['JBSWY3DPEHPK3PX1', false],
  ])('isBase32Secret(%s) = %s', (s, expected) => expect(isBase32Secret(s)).toBe(expected));
});
