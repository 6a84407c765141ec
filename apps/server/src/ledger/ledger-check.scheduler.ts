import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { DEFAULT_JOB_OPTIONS, QUEUES, type LedgerCheckPayload } from '@candor/cross-process';

/** Registers the every-minute ledger check when the worker boots (idempotent: a job scheduler is upserted). */
@Injectable()
export class LedgerCheckScheduler implements OnApplicationBootstrap {
  constructor(@InjectQueue(QUEUES.ledgerCheck.name) private readonly queue: Queue<LedgerCheckPayload>) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      'ledger-check-every-minute',
      { every: 60_000 },
      { name: QUEUES.ledgerCheck.jobs.check, data: { requestedAt: new Date().toISOString() }, opts: DEFAULT_JOB_OPTIONS },
    );
  }
}
