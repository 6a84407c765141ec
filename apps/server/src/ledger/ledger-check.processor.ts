import { Inject, Logger } from '@nestjs/common';
import { Processor } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { LedgerService } from './ledger.service.js';
import { REDIS } from '../redis/redis.module.js';
import { REDIS_KEYS, QUEUES, type LedgerCheckPayload } from '@candor/cross-process';
import { GracefulWorkerHost } from '../common/graceful-worker-host.js';

/** Checks the ledger invariant, logs it, and keeps the last result in Redis for the console. */
@Processor(QUEUES.ledgerCheck.name)
export class LedgerCheckProcessor extends GracefulWorkerHost {
  private readonly log = new Logger('ledger-check');
  constructor(
    private readonly ledger: LedgerService,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    super();
  }

  async process(job: Job<LedgerCheckPayload>) {
    const result = await this.ledger.check();
    const record = { ...result, checkedAt: new Date().toISOString(), jobId: job.id };
    await this.redis.set(REDIS_KEYS.ledgerCheckLast, JSON.stringify(record));
    if (result.ok) this.log.log(`ledger ok: ${result.accounts} accounts, imbalance ${result.imbalance}`);
    else this.log.error(`LEDGER INVARIANT BROKEN: imbalance ${result.imbalance}, ${result.mismatched.length} accounts differ from their postings`);
    return record;
  }
}
