import type { DataSource } from 'typeorm';
import type { ChainTick } from '@candor/domain';
import { windowStart } from '../market-format.js';
import { ChangeWithdrawnError, type PendingTick, type ScheduledChainChange, type SymbolBlock, type SymbolSeed, type TickStore } from './tick-writer.js';
import { CatalogueChangesRepository, toChainSchedule } from '../catalogue/catalogue-changes.repository.js';
import { AuditService } from '../../admin/audit.service.js';
import { AuditRepository } from '../../admin/audit.repository.js';
import { TicksRepository, type TickRow } from './ticks.repository.js';

const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

/** A stored tick as the chain hashes it (sources and rule only when it has them). */
const chainTick = (k: TickRow): ChainTick =>
  k.sources && k.rule
    ? { seq: String(k.seq), t: iso(k.t), price: k.price, sources: k.sources, rule: k.rule }
    : { seq: String(k.seq), t: iso(k.t), price: k.price };

/**
 * The tick record in Postgres (SQL in TicksRepository). A write is one statement: one multi-row INSERT of the
 * ticks whose rows also feed the 1-minute and 1-hour candle rollups, and the sealed blocks.
 */
export class PgTickStore implements TickStore {
  private readonly ticks: TicksRepository;
  private readonly changes: CatalogueChangesRepository;
  private readonly audit: AuditService;

  constructor(private readonly ds: DataSource) {
    this.ticks = new TicksRepository(ds);
    this.changes = new CatalogueChangesRepository(ds);
    this.audit = new AuditService(new AuditRepository(ds));
  }

  async seed(symbol: string, nowMs: number): Promise<SymbolSeed | null> {
    const precision = await this.ticks.precision(symbol);
    if (precision === null) return null;
    const last = await this.ticks.lastTick(symbol);
    const block = await this.ticks.lastBlock(symbol);
    const unsealed = last && (!block || BigInt(last.seq) > BigInt(block.last_seq)) ? await this.ticks.unsealed(symbol, block?.last_seq ?? '0') : [];
    const minutes = await this.ticks.minuteCandles(symbol, new Date(windowStart(nowMs)));
    return {
      precision,
      lastSeq: last ? String(last.seq) : null,
      lastTick: last ? { t: iso(last.t), price: last.price } : null,
      lastBlock: block ? { second: Number(block.second), hash: block.hash, lastSeq: String(block.last_seq) } : null,
      unsealed: unsealed.map(chainTick),
      minutes: minutes.map((m) => ({ t: new Date(m.t).getTime(), o: m.o, h: m.h, l: m.l, c: m.c, v: m.v, amount: m.amount })),
    };
  }

  /** Ticks, rollups and blocks in one statement; with catalogue changes, in one transaction with them. */
  async commit(batch: { ticks: readonly PendingTick[]; blocks: readonly SymbolBlock[] }): Promise<void> {
    const { ticks, blocks } = batch;
    if (!ticks.length && !blocks.length) return;
    if (!blocks.some((b) => b.changes?.length)) {
      await this.ticks.commit(ticks, blocks);
      return;
    }
    // A block that records catalogue changes applies them in the same transaction: the catalogue changes
    // exactly when the record says so, and a change no longer pending fails the whole write.
    await this.ds.transaction(async (em) => {
      await this.ticks.commit(ticks, blocks, em);
      for (const b of blocks) {
        for (const c of b.changes ?? []) {
          const applied = await this.changes.apply(em, c.id, b.second);
          if (!applied) throw new ChangeWithdrawnError(c.id);
          await this.audit.record(
            {
              operatorId: null,
              action: 'product.change_applied',
              targetType: 'product',
              targetId: b.symbol,
              details: {
                symbol: b.symbol,
                changeId: c.id,
                field: c.field,
                from: applied.from_value,
                to: applied.to_value,
                effectiveAt: c.effectiveAt,
                blockSecond: String(b.second),
              },
            },
            em,
          );
        }
      }
    });
  }

  async pendingChanges(): Promise<ScheduledChainChange[]> {
    return (await this.changes.pending()).map(toChainSchedule);
  }
}
