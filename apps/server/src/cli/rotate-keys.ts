import 'reflect-metadata';
import { createDataSource } from '@candor/db';
import { secretFor, type KeyPurpose } from '../config/keys.js';
import { readSecretFiles } from '../config/secret-files.js';
import { ROTATIONS, rotateKeys } from './key-rotation.js';

/**
 * `node apps/server/dist/cli/rotate-keys.js totp` (`npm run keys:rotate-totp`): re-encrypts what the purpose's
 * key protects from the old key(s) in TOTP_ENCRYPTION_KEY_OLD (comma-separated, or _FILE) to the current
 * TOTP_ENCRYPTION_KEY. Run it with the new key configured, then restart the api and worker with it.
 * Exit codes: 0 done (or nothing to do), 1 failed, 2 usage or configuration, 3 some rows no key opens.
 */
async function main(): Promise<number> {
  const purpose = process.argv[2] as KeyPurpose | undefined;
  const rotation = purpose ? ROTATIONS[purpose] : undefined;
  if (!purpose || !rotation) {
    console.error(`usage: rotate-keys.js <${Object.keys(ROTATIONS).join('|')}>`);
    return 2;
  }
  // The same variables (and X_FILE secrets) as the api's, plus the old key(s).
  const { env, problems } = readSecretFiles(process.env);
  const url = env.DATABASE_URL;
  if (problems.length > 0 || !url || !env.JWT_SECRET) {
    console.error([...problems, ...(url ? [] : ['DATABASE_URL is not set']), ...(env.JWT_SECRET ? [] : ['JWT_SECRET is not set'])].join('\n'));
    return 2;
  }
  const ds = createDataSource(url);
  const old = (env[rotation.oldVariable] ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : 'development';
  const current = secretFor({ ...env, JWT_SECRET: env.JWT_SECRET, NODE_ENV: nodeEnv }, purpose);
  await ds.initialize();
  try {
    const r = await rotateKeys(ds, purpose, { old, current });
    console.log(`${purpose}: ${r.reencrypted} re-encrypted under the current key, ${r.alreadyNew} already under it, ${r.unreadable.length} unreadable`);
    for (const note of r.notes) console.log(note);
    return r.unreadable.length > 0 ? 3 : 0;
  } finally {
    await ds.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`rotate-keys failed: ${(e as Error).message}`);
    process.exit(1);
  },
);
