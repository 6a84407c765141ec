import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { bullPrefix, EARN_JOB_OPTIONS, QUEUES, type EarnPostPayload } from '@candor/cross-process';
import { startApp, type TestApp } from './support/app.js';
import { EARN_LOCK_SQL } from '../src/earn/earn-posting.repository.js';
import { MovableClock, startEarnWorker } from './support/earn.js';
import { sleep } from './support/trading.js';

let t: TestApp;

beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.close();
});

it('a stopping worker lets the job in hand finish before it closes the database', async () => {
  const worker = await startEarnWorker(t, new MovableClock(new Date('2026-03-03T05:00:00Z')), { withScheduler: false });
  const queue = new Queue<EarnPostPayload>(QUEUES.earn.name, { connection: { url: t.config.REDIS_URL }, prefix: bullPrefix() });
  // The cut-off job takes this lock first: held here, the job waits in its first statement.
  const holder = t.ds.createQueryRunner();
  let closed = false;
  try {
    await holder.connect();
    await holder.startTransaction();
    await holder.query(EARN_LOCK_SQL);
    const job = await queue.add(
      QUEUES.earn.jobs.post,
      { reason: 'cutoff', requestedAt: new Date().toISOString() },
      { ...EARN_JOB_OPTIONS, attempts: 1, jobId: `earn-shutdown-${process.pid}-${Date.now()}` },
    );
    for (let i = 0; i < 200 && (await job.getState()) !== 'active'; i++) await sleep(25);
    expect(await job.getState()).toBe('active');
    const closing = worker.close();
    closed = true;
    await sleep(500);
    await holder.commitTransaction();
    await closing;
    const done = await queue.getJob(job.id!);
    expect({ state: await done!.getState(), failed: done!.failedReason ?? null }).toEqual({ state: 'completed', failed: null });
  } finally {
    if (holder.isTransactionActive) await holder.rollbackTransaction();
    await holder.release();
    await queue.close();
    if (!closed) await worker.close();
  }
});
