// jest globalTeardown of the `integration` tier: drops the run's database and stops what
// integration-setup.mjs started.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropDatabase, prefixer } from '../lib/infra.mjs';

const TEST_ENV_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.data/test-env.json');

export default async function integrationTeardown() {
  const state = globalThis.__CANDOR_INTEGRATION__;
  if (!state) return;
  delete globalThis.__CANDOR_INTEGRATION__;
  const log = prefixer('it-setup', process.stderr);
  if (state.created && (state.postgres?.running() ?? true)) {
    await dropDatabase(state.serverUrl, state.dbName).catch((err) => log(`could not drop ${state.dbName}: ${err.message}`));
  }
  await state.redis?.stop();
  await state.postgres?.stop();
  fs.rmSync(TEST_ENV_FILE, { force: true });
}
