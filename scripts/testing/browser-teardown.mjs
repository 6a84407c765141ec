// jest globalTeardown of the `browser` tier: stops the platform browser-setup.mjs started and
// removes its data dir (KEEP_E2E_DATA=1 keeps it, e.g. to read platform.log).
import fs from 'node:fs';
import path from 'node:path';
import { dropDatabase, prefixer } from '../lib/infra.mjs';

export default async function browserTeardown({ keepData = Boolean(process.env.KEEP_E2E_DATA) } = {}) {
  const state = globalThis.__CANDOR_BROWSER__;
  if (!state) return;
  delete globalThis.__CANDOR_BROWSER__;
  const log = prefixer('e2e-setup', process.stderr);
  await state.platform?.stop();
  state.stopStream?.();
  await state.venues?.close();
  await state.mailbox?.close();
  if (state.external) {
    await dropDatabase(state.external.serverUrl, state.external.dbName).catch((err) => log(`could not drop ${state.external.dbName}: ${err.message}`));
  }
  await new Promise((resolve) => state.logStream.end(resolve));
  if (keepData) {
    log(`kept ${state.dataDir}`);
    return;
  }
  const pgDir = state.platform?.info.pgDataDir;
  if (pgDir && !pgDir.startsWith(state.dataDir + path.sep) && path.basename(path.dirname(pgDir)).startsWith('candor-')) {
    fs.rmSync(path.dirname(pgDir), { recursive: true, force: true }); // cluster moved to /var/tmp (see infra.mjs)
  }
  fs.rmSync(state.dataDir, { recursive: true, force: true });
}
