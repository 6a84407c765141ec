import { readFileSync } from 'node:fs';

/** The variables that may instead be given as a file named by `<NAME>_FILE` (Docker's secrets convention). */
export const FILE_SECRETS = [
  'JWT_SECRET',
  'JWT_PREVIOUS_SECRETS',
  'TOTP_ENCRYPTION_KEY',
  'TOTP_ENCRYPTION_KEY_OLD',
  'USER_TOTP_ENCRYPTION_KEY',
  'USER_TOTP_ENCRYPTION_KEY_OLD',
  'KYC_ENCRYPTION_KEY_OLD',
  'MAIL_TOKEN_KEY',
  'KYC_ENCRYPTION_KEY',
  'ALTCHA_HMAC_KEY',
  'LIABILITIES_SALT_KEY',
  'VAPID_PRIVATE_KEY',
  'METRICS_TOKEN',
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
] as const;

export interface SecretFilesResult {
  env: Record<string, string | undefined>;
  /** `NAME_FILE: what is wrong` lines; empty when every file was read. */
  problems: string[];
}

/**
 * A copy of `env` with each `X_FILE` read into X (its content less one trailing newline, as `echo` and most
 * editors leave one). Giving both X and X_FILE is a mistake (which one wins?), as is an unreadable or empty file.
 */
export function readSecretFiles(env: Record<string, string | undefined>): SecretFilesResult {
  const out = { ...env };
  const problems: string[] = [];
  for (const name of FILE_SECRETS) {
    const file = env[`${name}_FILE`];
    if (file === undefined || file === '') continue;
    if (env[name] !== undefined && env[name] !== '') {
      problems.push(`${name}_FILE: ${name} is set too; give one of them`);
      continue;
    }
    let value: string;
    try {
      value = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (e) {
      problems.push(`${name}_FILE: cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
      continue;
    }
    if (value === '') problems.push(`${name}_FILE: ${file} is empty`);
    else out[name] = value;
  }
  return { env: out, problems };
}
