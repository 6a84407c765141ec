// jest globalTeardown of the `cluster` tier: drops the run's database and stops what cluster-setup.mjs
// started. The processes' logs stay in .data/cluster-logs until the next run.
import { dropDatabase, prefixer } from '../lib/infra.mjs';
import { stopLeftoverProcesses } from './cluster.mjs';

export default async function clusterTeardown() {
  const state = globalThis.__CANDOR_CLUSTER__;
  if (!state) return;
  delete globalThis.__CANDOR_CLUSTER__;
  const log = prefixer('cluster', process.stderr);
  await stopLeftoverProcesses(state.logDir); // a test that crashed before its own afterAll
  if (state.created && (state.postgres?.running() ?? true)) {
    await dropDatabase(state.serverUrl, state.dbName).catch((err) => log(`could not drop ${state.dbName}: ${err.message}`));
  }
  await state.redis?.stop();
  await state.postgres?.stop();
}
