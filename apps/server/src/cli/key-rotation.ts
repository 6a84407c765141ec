import type { DataSource, EntityManager } from 'typeorm';
import { OperatorEntity } from '@candor/db';
import { AuditRepository } from '../admin/audit.repository.js';
import { OperatorsRepository } from '../admin/operators.repository.js';
import { UserTotpRepository } from '../auth/totp/user-totp.repository.js';
import { decryptSecret, deriveTotpKey, encryptSecret, type TotpScope } from '../auth/totp/totp-crypto.js';
import type { KeyPurpose } from '../config/keys.js';
import { KycRepository } from '../kyc/kyc.repository.js';
import { decryptIdNumber, deriveKycKeys, encryptIdNumber, idNumberHash } from '../kyc/kyc-crypto.js';

/** What one rotation did: rows moved to the new key, rows found already under it, and rows no key given opens. */
export interface RotationResult {
  reencrypted: number;
  alreadyNew: number;
  /** A name for each row that neither the new key nor any old one decrypts (left as it is). */
  unreadable: string[];
  /** What the person running it must know (printed). */
  notes: string[];
}

/**
 * Re-encrypts one purpose's data from old keys to the new one, inside the caller's transaction. A row that
 * the new key already opens is left alone, so running it again (or after a crash) is harmless.
 */
export interface Rotation {
  run(em: EntityManager, keys: { old: string[]; current: string }): Promise<RotationResult>;
}

/** The value `decrypt` gives, or undefined when the key does not open the stored value (AES-GCM checks). */
function tryDecrypt(decrypt: () => string): string | undefined {
  try {
    return decrypt();
  } catch {
    return undefined;
  }
}

/** A table of TOTP secrets to move: its rows (locked) and how one row takes its secret under the new key. */
interface TotpSecrets {
  scope: TotpScope;
  lock(em: EntityManager): Promise<{ id: string; email: string; totpSecretEnc: string }[]>;
  /** Stores the re-encrypted secret and voids what was bound to the old key (the recovery codes). */
  replace(em: EntityManager, row: { id: string; email: string }, secretEnc: string): Promise<void>;
}

/**
 * TOTP secrets of one scope, operators' or users'. Recovery codes are HMACs under the same key and an HMAC cannot
 * be moved to another key: `replace` deletes the codes of every re-encrypted row (they no longer match anything).
 */
function totpSecretsRotation(table: TotpSecrets, oldVariable: string): Rotation {
  return {
    async run(em, keys) {
      const current = deriveTotpKey(keys.current, table.scope);
      const old = keys.old.map((k) => deriveTotpKey(k, table.scope));
      const result: RotationResult = { reencrypted: 0, alreadyNew: 0, unreadable: [], notes: [] };
      const voided: string[] = [];
      for (const row of await table.lock(em)) {
        if (tryDecrypt(() => decryptSecret(current, row.totpSecretEnc)) !== undefined) {
          result.alreadyNew++;
          continue;
        }
        let plain: string | undefined;
        for (const key of old) plain ??= tryDecrypt(() => decryptSecret(key, row.totpSecretEnc));
        if (plain === undefined) {
          result.unreadable.push(row.email);
          continue;
        }
        await table.replace(em, row, encryptSecret(current, plain));
        voided.push(row.email);
        result.reencrypted++;
      }
      if (voided.length > 0) {
        result.notes.push(
          `Recovery codes voided for ${voided.join(', ')}: they were bound to the old key. TOTP codes keep working; new recovery codes come with a new enrolment.`,
        );
      }
      if (result.unreadable.length > 0) {
        result.notes.push(
          `Not re-encrypted (no key given opens them): ${result.unreadable.join(', ')}. Add the key they were encrypted with to ${oldVariable} and run again, or have them enrol anew.`,
        );
      }
      return result;
    },
  };
}

/** Operators' TOTP secrets; each re-encryption is audited. */
function totpRotation(ds: DataSource): Rotation {
  const operators = new OperatorsRepository(ds.getRepository(OperatorEntity));
  const audit = new AuditRepository(ds);
  return totpSecretsRotation(
    {
      scope: 'operator',
      lock: (em) => operators.lockTotpSecrets(em),
      async replace(em, row, secretEnc) {
        await operators.replaceTotpSecret(em, row.id, secretEnc);
        await operators.deleteRecoveryCodes(em, row.id);
        // Not (yet) in AUDIT_ACTIONS, which lists what the api itself records; the seed's system lines are not either.
        await audit.insert({ operatorId: null, action: 'operator.totp_key_rotated', targetType: 'operator', targetId: row.id }, em);
      },
    },
    'TOTP_ENCRYPTION_KEY_OLD',
  );
}

/** Users' TOTP secrets, under their own key (USER_TOTP_ENCRYPTION_KEY) and HKDF labels. */
function userTotpRotation(ds: DataSource): Rotation {
  const users = new UserTotpRepository(ds);
  return totpSecretsRotation(
    { scope: 'user', lock: (em) => users.lockTotpSecrets(em), replace: (em, row, secretEnc) => users.replaceTotpSecret(em, row.id, secretEnc) },
    'USER_TOTP_ENCRYPTION_KEY_OLD',
  );
}

/**
 * Verification ID numbers: each is re-encrypted, and its duplicate-finding hash recomputed, under the new key
 * (both keys come from KYC_ENCRYPTION_KEY, so they move together).
 */
function kycRotation(ds: DataSource): Rotation {
  const repo = new KycRepository(ds);
  return {
    async run(em, keys) {
      const current = deriveKycKeys(keys.current);
      const old = keys.old.map(deriveKycKeys);
      const result: RotationResult = { reencrypted: 0, alreadyNew: 0, unreadable: [], notes: [] };
      for (const row of await repo.lockAllNumbers(em)) {
        if (tryDecrypt(() => decryptIdNumber(current, row.id_number_enc)) !== undefined) {
          result.alreadyNew++;
          continue;
        }
        let plain: string | undefined;
        for (const key of old) plain ??= tryDecrypt(() => decryptIdNumber(key, row.id_number_enc));
        if (plain === undefined) {
          result.unreadable.push(`submission ${row.id}`);
          continue;
        }
        const hash = idNumberHash(current, { name: '', idNumber: plain, nationality: row.nationality });
        await repo.replaceNumber(em, row.id, encryptIdNumber(current, plain), hash);
        result.reencrypted++;
      }
      if (result.unreadable.length > 0) {
        result.notes.push(
          `Not re-encrypted (no key given opens them): ${result.unreadable.join(', ')}. Add their key to KYC_ENCRYPTION_KEY_OLD and run again.`,
        );
      }
      return result;
    },
  };
}

/** The purposes that have data to re-encrypt, each with the variable of its old key(s) (comma-separated, or that variable's _FILE). */
export const ROTATIONS: Partial<Record<KeyPurpose, { oldVariable: string; create(ds: DataSource): Rotation }>> = {
  totp: { oldVariable: 'TOTP_ENCRYPTION_KEY_OLD', create: totpRotation },
  userTotp: { oldVariable: 'USER_TOTP_ENCRYPTION_KEY_OLD', create: userTotpRotation },
  kyc: { oldVariable: 'KYC_ENCRYPTION_KEY_OLD', create: kycRotation },
};

/**
 * Runs one purpose's rotation in one transaction, its rows locked meanwhile (an enrolment waits). Rows no key
 * opens are reported and left as they are; the others commit.
 */
export async function rotateKeys(ds: DataSource, purpose: KeyPurpose, keys: { old: string[]; current: string }): Promise<RotationResult> {
  const entry = ROTATIONS[purpose];
  if (!entry) throw new Error(`nothing is encrypted under the ${purpose} key yet: there is nothing to re-encrypt`);
  if (keys.old.length === 0) throw new Error(`${entry.oldVariable} is not set: give the key (or keys, comma-separated) the data is encrypted under now`);
  const rotation = entry.create(ds);
  return ds.transaction((em) => rotation.run(em, keys));
}
