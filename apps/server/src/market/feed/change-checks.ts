import type { DataSource } from 'typeorm';
import { precisionKeepsPrice } from '@candor/domain';
import { AuditService } from '../../admin/audit.service.js';
import { AuditRepository } from '../../admin/audit.repository.js';
import { CatalogueChangesRepository } from '../catalogue/catalogue-changes.repository.js';
import type { ScheduledChainChange } from './change-schedule.js';
import { isVenueName, type VenueName } from './venues/venue-protocol.js';

export type ProductVenueList = { venue: string; symbol: string }[] | null;

/** Whether `a` lies further than `bps` basis points from `b` (as floating point: a sanity bound, never a price). */
export function beyondBps(a: string, b: string, bps: number): boolean {
  const [x, y] = [Number(a), Number(b)];
  if (!(y > 0) || !Number.isFinite(x)) return true;
  return (Math.abs(x - y) / y) * 10_000 > bps;
}

export interface ChangeCheckContext {
  /** The product's latest price, or null before its first. */
  lastPrice: string | null;
  /** The mid of a market's fresh quote, or null; absent when no exchange prices are read (nothing to compare). */
  freshMid?: (venue: VenueName, symbol: string) => string | null;
  /** The exchanges the feed reads: a market elsewhere is listed as disabled, not checked. */
  venues: readonly VenueName[];
  maxDeviationBps: number;
}

/**
 * Why a scheduled change may not take effect now, or null when it may: a precision must still keep five
 * significant digits of the price; each new exchange market must send a fresh quote (`no_quote`) whose mid is
 * within the deviation limit of the product's price (`deviation`).
 */
export function changeProblem(c: ScheduledChainChange, x: ChangeCheckContext): string | null {
  if (c.field === 'precision') return precisionKeepsPrice(x.lastPrice, c.to as number) ? null : 'precision';
  if (c.field !== 'priceVenues' || !x.freshMid) return null;
  const before = new Set(((c.from as ProductVenueList) ?? []).map((v) => `${v.venue}:${v.symbol}`));
  for (const v of (c.to as ProductVenueList) ?? []) {
    if (before.has(`${v.venue}:${v.symbol}`) || !isVenueName(v.venue) || !x.venues.includes(v.venue)) continue;
    const mid = x.freshMid(v.venue, v.symbol);
    if (!mid) return 'no_quote';
    if (x.lastPrice && beyondBps(mid, x.lastPrice, x.maxDeviationBps)) return 'deviation';
  }
  return null;
}

/** Marks a pending change refused, with its audit line (the system's); false when it was no longer pending. */
export function refuseChange(ds: DataSource, c: ScheduledChainChange, reason: string): Promise<boolean> {
  const changes = new CatalogueChangesRepository(ds);
  const audit = new AuditService(new AuditRepository(ds));
  return ds.transaction(async (em) => {
    if (!(await changes.decide(em, c.id, { status: 'refused', reason }))) return false;
    const effectiveAt = new Date(c.effectiveAtMs).toISOString();
    await audit.record(
      {
        operatorId: null,
        action: 'product.change_refused',
        targetType: 'product',
        targetId: c.symbol,
        details: { symbol: c.symbol, changeId: c.id, field: c.field, from: c.from, to: c.to, effectiveAt, reason },
      },
      em,
    );
    return true;
  });
}
