import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import DataLoader from 'dataloader';
import { DomainError } from '../common/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { BatchNotWritten, OrdersRepository, type PlaceStatement } from './orders.repository.js';

/** What placing one order came to: placed with the user's balances after it, or its key was already taken. */
export interface PlaceOutcome {
  placed: boolean;
  balances: Record<string, string>;
}

/**
 * Groups the orders that arrive together into one statement and one commit (OrdersRepository.placeBatch),
 * so a statement's fixed cost, a round trip and a WAL flush are shared, while a quiet api still sends an
 * order at once. Every order keeps its own answer: a short balance refuses that order only, and a batch
 * that fails as a whole is placed again one by one (docs/internals.md, "Order placement batching").
 */
@Injectable()
export class OrderBatcher implements OnApplicationShutdown {
  private readonly log = new Logger('orders');
  private readonly loader: DataLoader<PlaceStatement, PlaceOutcome>;
  private readonly parallel: number;
  private readonly waitMs: number;
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  /** Batches and orders sent, for the bench and the logs. */
  readonly stats = { batches: 0, orders: 0, fallbacks: 0, dbMs: 0, maxDbMs: 0 };

  constructor(
    private readonly repo: OrdersRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.parallel = config.ORDER_BATCH_PARALLEL;
    this.waitMs = config.ORDER_BATCH_WAIT_MS;
    this.loader = new DataLoader<PlaceStatement, PlaceOutcome>((batch) => this.run(batch), {
      cache: false,
      maxBatchSize: config.ORDER_BATCH_MAX,
      batchScheduleFn: (dispatch) => this.schedule(dispatch),
    });
  }

  /** Places the order with the others arriving now. Rejects with the order's own error (INSUFFICIENT_BALANCE, ...). */
  place(statement: PlaceStatement): Promise<PlaceOutcome> {
    return this.loader.load(statement);
  }

  onApplicationShutdown(): void {
    const { batches, orders, fallbacks, dbMs, maxDbMs } = this.stats;
    if (batches === 0) return;
    this.log.log(
      `placed ${orders} orders in ${batches} batches (${(orders / batches).toFixed(1)} per batch, ${(dbMs / batches).toFixed(1)} ms each in the database, ` +
        `at most ${maxDbMs.toFixed(0)} ms), ${fallbacks} placed one by one after a failed batch`,
    );
  }

  private schedule(dispatch: () => void): void {
    if (this.inFlight < this.parallel) {
      // The only batch: it leaves on the next turn of the event loop, so a quiet api never waits. Beside
      // another batch: it collects for ORDER_BATCH_WAIT_MS first, so a busy api sends fewer, larger
      // statements (a statement's fixed cost in Postgres is that of several orders).
      const wait = this.inFlight > 0 ? this.waitMs : 0;
      this.inFlight++;
      if (wait > 0) setTimeout(dispatch, wait);
      else setImmediate(dispatch);
    } else {
      this.waiting.push(dispatch);
    }
  }

  /** A batch finished: the oldest waiting batch (which has been collecting meanwhile) leaves now. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.inFlight--;
  }

  private async run(batch: readonly PlaceStatement[]): Promise<(PlaceOutcome | Error)[]> {
    try {
      const out = new Array<PlaceOutcome | Error>(batch.length);
      const together: number[] = [];
      const after: number[] = [];
      const keys = new Set<string>();
      batch.forEach((s, i) => {
        const k = s.claim ? `${s.order.userId}\n${s.claim.key}` : null;
        if (k !== null && keys.has(k)) after.push(i);
        else {
          if (k !== null) keys.add(k);
          together.push(i);
        }
      });
      this.stats.batches++;
      this.stats.orders += batch.length;
      try {
        const started = performance.now();
        const results = await this.repo.placeBatch(together.map((i) => batch[i]!));
        const ms = performance.now() - started;
        this.stats.dbMs += ms;
        this.stats.maxDbMs = Math.max(this.stats.maxDbMs, ms);
        together.forEach((i, j) => {
          const r = results[j]!;
          out[i] =
            r.status === 'placed'
              ? { placed: true, balances: r.balances }
              : r.status === 'key_taken'
                ? { placed: false, balances: {} }
                : new DomainError('INSUFFICIENT_BALANCE', 'amount');
        });
      } catch (e) {
        if (e instanceof BatchNotWritten) {
          this.stats.fallbacks++;
          this.log.warn(`a batch of ${together.length} orders failed as a whole (${e.message}); placing them one by one`);
          await Promise.all(
            together.map(async (i) => {
              out[i] = await this.single(batch[i]!);
            }),
          );
        } else {
          // The batch committed but its answer did not add up: a bug. Never place those orders again.
          this.log.error(`order batch answer inconsistent: ${(e as Error).message}`);
          for (const i of together) out[i] = e instanceof Error ? e : new Error(String(e));
        }
      }
      for (const i of after) out[i] = await this.single(batch[i]!);
      return out;
    } finally {
      this.release();
    }
  }

  private async single(s: PlaceStatement): Promise<PlaceOutcome | Error> {
    try {
      return await this.repo.place(s);
    } catch (e) {
      return e instanceof Error ? e : new Error(String(e));
    }
  }
}
