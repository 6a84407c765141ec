import { createHmac, hkdfSync } from 'node:crypto';
import { identityKey, type IdentityInput } from '@candor/domain';
import { decryptSecret, encryptSecret } from '../auth/totp/totp-crypto.js';

/** The two keys made from KYC_ENCRYPTION_KEY: one encrypts ID numbers, the other hashes them to find a number used twice. */
export interface KycKeys {
  encryption: Buffer;
  hashing: Buffer;
}

export function deriveKycKeys(material: string): KycKeys {
  if (material.length < 32) throw new Error('the KYC key material must be at least 32 characters');
  return {
    encryption: Buffer.from(hkdfSync('sha256', material, 'candor-kyc', 'id-number-encryption-v1', 32)),
    hashing: Buffer.from(hkdfSync('sha256', material, 'candor-kyc', 'id-number-hash-v1', 32)),
  };
}

/** AES-256-GCM, the same sealed format as operators' TOTP secrets. */
export const encryptIdNumber = (keys: KycKeys, idNumber: string): string => encryptSecret(keys.encryption, idNumber);
export const decryptIdNumber = (keys: KycKeys, stored: string): string => decryptSecret(keys.encryption, stored);

/**
 * A keyed hash of nationality and number: equal for the same document in any account, useless without the key
 * (ID numbers are few enough to try them all against a plain hash).
 */
export function idNumberHash(keys: KycKeys, input: IdentityInput): string {
  return createHmac('sha256', keys.hashing).update(identityKey(input)).digest('hex');
}
