import { canonicalJson, valueAt, type ChainChange } from '@candor/domain';

/** A scheduled catalogue change as the writer needs it: recorded in the block of its second, and its precision used from then on. */
export interface ScheduledChainChange {
  id: string;
  symbol: string;
  field: string;
  from: unknown;
  to: unknown;
  effectiveAtMs: number;
}

/** The store refused a change in a block: it is no longer pending (cancelled or refused just before its time). */
export class ChangeWithdrawnError extends Error {
  constructor(readonly changeId: string) {
    super(`catalogue change ${changeId} is no longer pending`);
  }
}

/** The change as the tick record holds it: values as canonical JSON text, the time as ISO. */
export function chainChangeOf(c: ScheduledChainChange): ChainChange {
  return { id: c.id, field: c.field, from: canonicalJson(c.from), to: canonicalJson(c.to), effectiveAt: new Date(c.effectiveAtMs).toISOString() };
}

/**
 * The tick writer's book of pending catalogue changes: by product, earliest first; which ones were handed to a
 * block (placed once each) and which are stored (so that a schedule read just before their commit does not
 * bring them back).
 */
export class ChangeSchedule {
  private bySymbol = new Map<string, ScheduledChainChange[]>();
  private readonly placed = new Set<string>();
  private readonly stored = new Set<string>();

  /** Replaces the pending changes (those already stored are left out); answers the ids now pending. */
  set(changes: readonly ScheduledChainChange[]): Set<string> {
    const next = new Map<string, ScheduledChainChange[]>();
    for (const c of [...changes].sort((a, b) => a.effectiveAtMs - b.effectiveAtMs)) {
      if (this.stored.has(c.id)) continue;
      let list = next.get(c.symbol);
      if (!list) next.set(c.symbol, (list = []));
      list.push(c);
    }
    this.bySymbol = next;
    return new Set(changes.map((c) => c.id));
  }

  /** The precision of a product at `tMs`: the catalogue's, or that of the latest change in force by then. */
  precisionAt(symbol: string, catalogue: number, tMs: number): number {
    const list = this.bySymbol.get(symbol);
    return list ? valueAt(catalogue, 'precision', list, tMs) : catalogue;
  }

  /** Changes whose time has come and that no block holds yet. */
  due(nowMs: number): ScheduledChainChange[] {
    return [...this.bySymbol.values()].flat().filter((c) => c.effectiveAtMs <= nowMs && !this.placed.has(c.id));
  }

  placedIn(id: string): void {
    this.placed.add(id);
  }

  /** A change leaves the book: withdrawn (cancelled or refused), or stored with its block. */
  forget(id: string, stored: boolean): void {
    for (const [symbol, list] of this.bySymbol) {
      this.bySymbol.set(
        symbol,
        list.filter((x) => x.id !== id),
      );
    }
    this.placed.delete(id);
    if (stored) this.stored.add(id);
  }

  /** The change was taken out of its block before it was stored: it may be placed again. */
  unplace(id: string): void {
    this.placed.delete(id);
  }
}
