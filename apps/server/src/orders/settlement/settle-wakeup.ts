import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { REDIS_CHANNELS, QUEUES, settleJobId, type SettleSecondPayload } from '@candor/cross-process';

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

/** The latest whole second strictly before a tick at `tMs` (a tick at S.000 is not later than S: it closes S - 1). */
export const secondClosedBy = (tMs: number): number => Math.ceil(tMs / 1000) - 1;

/**
 * Wakes settle jobs as soon as a stored tick (published on REDIS_CHANNELS.ticks after its commit) can make
 * their orders ready: the first tick later than second S promotes `settle-S` from delayed, and a job left
 * waiting for a later tick (`wait`) is promoted by the next one instead of at its next poll. Only a shortcut:
 * a missed message costs time, never a settlement (docs/internals.md, "The settle wake-up").
 */
@Injectable()
export class SettleWakeup implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('settle-wakeup');
  private readonly waiting = new Map<string, number>();
  private sub: Redis | null = null;
  /** Tick messages seen, and the time of the latest. */
  private seen = 0;
  private lastTickMs = Number.NEGATIVE_INFINITY;
  /** The latest second whose job a tick already promoted. */
  private lastClosedSecond = Number.NEGATIVE_INFINITY;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(QUEUES.settlement.name) private readonly queue: Queue<SettleSecondPayload>,
  ) {}

  /** Call before a settlement pass; hand the result to `wait` if the pass leaves orders waiting for a tick. */
  mark(): number {
    return this.seen;
  }

  /**
   * The job (already moved to delayed) waits for a tick later than the start of `second`. If one
   * arrived since `mark` (the pass may not have seen it), the job is promoted at once.
   */
  wait(jobId: string, second: number, mark?: number): void {
    if (mark !== undefined && this.seen > mark && this.lastTickMs > second * 1000) {
      this.promote(jobId);
      return;
    }
    if (this.waiting.size >= MAX_WAITING) this.waiting.clear();
    this.waiting.set(jobId, second);
  }

  /** A tick at `tMs` was stored: promote the job of the second it closes (once), and every waiting job whose second began before it. */
  onTick(tMs: number): void {
    if (!Number.isFinite(tMs)) return;
    this.seen++;
    this.lastTickMs = tMs;
    const closed = secondClosedBy(tMs);
    if (closed > this.lastClosedSecond) {
      this.lastClosedSecond = closed;
      const id = settleJobId(closed);
      this.waiting.delete(id);
      this.promote(id);
    }
    if (this.waiting.size === 0) return;
    for (const [jobId, second] of this.waiting) {
      if (tMs <= second * 1000) continue;
      this.waiting.delete(jobId);
      this.promote(jobId);
    }
  }

  private promote(jobId: string): void {
    this.queue
      .getJob(jobId)
      .then((job) => job?.promote())
      .catch(() => undefined); // not delayed (running, finished, not enqueued) or gone: nothing to wake
  }

  async onApplicationBootstrap(): Promise<void> {
    const sub = new Redis(this.config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: null });
    sub.on('error', (e) => this.log.warn(`tick subscriber: ${e.message}`));
    sub.on('message', (_ch: string, message: string) => this.onTick(tickTimeOf(message)));
    await sub.connect();
    await sub.subscribe(REDIS_CHANNELS.ticks);
    this.sub = sub;
  }

  async onApplicationShutdown(): Promise<void> {
    const sub = this.sub;
    this.sub = null;
    if (sub) await sub.quit().catch(() => sub.disconnect());
  }
}
