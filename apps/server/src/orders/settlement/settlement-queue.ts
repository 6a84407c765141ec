import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { bullPrefix, QUEUES, SETTLE_JOB_OPTIONS, settleJobDelay, settleJobId, type SettleSecondPayload } from '@candor/cross-process';

/** Longest an order response waits for Redis to take its settle job. */
const ENQUEUE_WAIT_MS = 250;

/**
 * Enqueues the settle job of an order's expiry second after the order committed. The job id is
 * deterministic (`settle-<epochSecond>`), so enqueuing a second twice is a no-op in Redis; this
 * process also remembers the seconds it already enqueued, so a burst costs one Redis call per
 * second, not per order. If Redis loses the job (or is down), the worker's sweeper settles the
 * orders anyway: this never fails an order.
 */
@Injectable()
export class SettlementQueue implements OnApplicationShutdown {
  private readonly log = new Logger('orders');
  private readonly connection: Redis;
  private readonly queue: Queue<SettleSecondPayload>;
  private readonly enqueued = new Map<number, Promise<void>>();
  private readonly done = new Set<number>();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    this.connection.on('error', (e) => this.log.warn(`settlement queue redis: ${e.message}`));
    this.queue = new Queue<SettleSecondPayload>(QUEUES.settlement.name, { connection: this.connection, prefix: bullPrefix() });
  }

  /**
   * Ensures the job of this expiry second exists. Resolves when Redis answered (a failure is logged),
   * or after at most ENQUEUE_WAIT_MS: an order never waits long on Redis (the sweeper is the safety net).
   */
  async ensure(second: number): Promise<void> {
    if (this.done.has(second)) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.enqueue(second),
      new Promise<void>((r) => {
        timer = setTimeout(r, ENQUEUE_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
  }

  private enqueue(second: number): Promise<void> {
    const known = this.enqueued.get(second);
    if (known) return known;
    const now = Date.now();
    const p = this.queue
      .add(QUEUES.settlement.jobs.settleSecond, { second }, { ...SETTLE_JOB_OPTIONS, jobId: settleJobId(second), delay: settleJobDelay(second, now) })
      .then(() => {
        this.done.add(second);
      })
      .catch((e: Error) => {
        this.enqueued.delete(second);
        this.log.warn(`settle job for second ${second} not enqueued (the sweeper will settle it): ${e.message}`);
      });
    this.enqueued.set(second, p);
    if (this.enqueued.size > 4096) this.prune(now);
    return p;
  }

  private prune(nowMs: number): void {
    const past = Math.floor(nowMs / 1000) - 5;
    for (const s of this.enqueued.keys()) if (s < past) this.enqueued.delete(s);
    for (const s of this.done) if (s < past) this.done.delete(s);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close().catch(() => undefined);
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
