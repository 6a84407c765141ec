import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { REDIS_TICKS_CHANNEL } from '@candor/contracts';
import { QUEUES, type SettleSecondPayload } from '@candor/db';
import { APP_CONFIG, type AppConfig } from '@candor/api/config/config';

/** Most settle jobs remembered as waiting for a tick (older entries are dropped; the job's own poll still runs). */
const MAX_WAITING = 10_000;

/** The epoch ms of a tick message's `t`, or NaN. */
export function tickTimeOf(message: string): number {
  try {
    const m = JSON.parse(message) as { t?: unknown };
    return typeof m?.t === 'string' ? Date.parse(m.t) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * Wakes settle jobs that wait for a later tick as soon as one is stored: the feed publishes every
 * tick on REDIS_TICKS_CHANNEL after its batch committed, and a tick later than the start of a
 * job's second may make orders of that second ready, so the job is promoted from delayed to
 * waiting at once instead of at its next poll (SETTLE_POLL_MS). Only a shortcut: if a message is
 * missed, the poll still comes.
 */
@Injectable()
export class SettleWakeup implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('settle-wakeup');
  private readonly waiting = new Map<string, number>();
  private sub: Redis | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(QUEUES.settlement.name) private readonly queue: Queue<SettleSecondPayload>,
  ) {}

  /** The job (already moved to delayed) waits for a tick later than the start of `second`. */
  wait(jobId: string, second: number): void {
    if (this.waiting.size >= MAX_WAITING) this.waiting.clear();
    this.waiting.set(jobId, second);
  }

  /** A tick at `tMs` was stored: promote every waiting job whose second began before it. */
  onTick(tMs: number): void {
    if (!Number.isFinite(tMs)) return;
    for (const [jobId, second] of this.waiting) {
      if (tMs <= second * 1000) continue;
      this.waiting.delete(jobId);
      this.queue
        .getJob(jobId)
        .then((job) => job?.promote())
        .catch(() => undefined); // already running, finished or gone: nothing to wake
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    const sub = new Redis(this.config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: null });
    sub.on('error', (e) => this.log.warn(`tick subscriber: ${e.message}`));
    sub.on('message', (_ch: string, message: string) => {
      if (this.waiting.size) this.onTick(tickTimeOf(message));
    });
    await sub.connect();
    await sub.subscribe(REDIS_TICKS_CHANNEL);
    this.sub = sub;
  }

  async onApplicationShutdown(): Promise<void> {
    const sub = this.sub;
    this.sub = null;
    if (sub) await sub.quit().catch(() => sub.disconnect());
  }
}
