import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApp, type TestApp } from './support/app.js';
import { startWorker } from './support/worker-process.js';

/**
 * A process stopped by a signal (as `npm start`, a container runtime or systemd stop it) writes the log lines
 * it still held before it exits. Nest's default shutdown raised the signal again at its end, which killed the
 * process before its 'exit' event, so the last half second of lines never reached the log.
 */
describe('stopping on SIGTERM', () => {
  let t: TestApp;
  // The api migrates the test database, which the worker expects.
  beforeAll(async () => {
    t = await startApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('says so in the log, writes what it held and exits with code 0', async () => {
    const worker = await startWorker();
    await worker.kill('SIGTERM');
    const rows = worker
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows).toContainEqual(expect.objectContaining({ service: 'worker', level: 'info', context: 'worker', msg: 'SIGTERM: stopping' }));
    expect(worker.ended()).toEqual({ code: 0, signal: null });
  }, 40_000);
});
