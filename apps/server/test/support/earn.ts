import { Test, type TestingModule } from '@nestjs/testing';
import { getQueueToken } from '@nestjs/bullmq';
import { QueueEvents, type Queue } from 'bullmq';
import { bullPrefix, EARN_JOB_OPTIONS, QUEUES, type EarnPostPayload } from '@candor/cross-process';
import { Clock } from '../../src/common/clock.js';
import { WorkerModule } from '../../src/worker.module.js';
import { EarnScheduler } from '../../src/earn/earn-post.processor.js';
import { EarnPostingService, type EarnPostResult } from '../../src/earn/earn-posting.service.js';
import type { TestApp } from './app.js';

/** A clock a test moves by hand (passed to the api and the worker at their start; nothing else can move it). */
export class MovableClock extends Clock {
  private t: number;
  constructor(start: Date) {
    super();
    this.t = start.getTime();
  }
  now(): Date {
    return new Date(this.t);
  }
  set(at: Date): void {
    this.t = at.getTime();
  }
}

export interface EarnWorker {
  module: TestingModule;
  posting: EarnPostingService;
  queue: Queue<EarnPostPayload>;
  /** Enqueues the cut-off job as the scheduler does and waits for the worker to run it: its result. */
  runJob(): Promise<EarnPostResult>;
  close(): Promise<void>;
}

let jobs = 0;

/**
 * The worker (WorkerModule, with its BullMQ processors) in this process on the test's clock, the feed off.
 * `withScheduler: false` leaves out Yu'e Bao's scheduler (its boot run and minute guard), so only the test
 * starts the cut-off job.
 */
export async function startEarnWorker(
  t: TestApp,
  clock: Clock,
  opts: { withScheduler?: boolean; config?: Partial<TestApp['config']> } = {},
): Promise<EarnWorker> {
  process.env.FEED = 'off';
  let builder = Test.createTestingModule({ imports: [WorkerModule.forRoot({ ...t.config, ...opts.config }, { clock })] });
  if (opts.withScheduler === false) builder = builder.overrideProvider(EarnScheduler).useValue({});
  const module = await builder.compile();
  await module.init();
  const queue = module.get<Queue<EarnPostPayload>>(getQueueToken(QUEUES.earn.name));
  const events = new QueueEvents(QUEUES.earn.name, { connection: { url: t.config.REDIS_URL }, prefix: bullPrefix() });
  await events.waitUntilReady();
  return {
    module,
    posting: module.get(EarnPostingService),
    queue,
    async runJob() {
      const job = await queue.add(
        QUEUES.earn.jobs.post,
        { reason: 'cutoff', requestedAt: new Date().toISOString() },
        { ...EARN_JOB_OPTIONS, attempts: 1, jobId: `earn-test-${process.pid}-${++jobs}` },
      );
      return (await job.waitUntilFinished(events, 60_000)) as EarnPostResult;
    },
    async close() {
      await events.close();
      await module.close();
    },
  };
}
