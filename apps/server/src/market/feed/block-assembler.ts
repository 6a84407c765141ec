import { createHash } from 'node:crypto';
import { canonicalBlockEncoding, chainTickOf, GENESIS_PREV_HASH, type ChainBlock, type ChainBlockBody, type ChainChange, type ChainTick } from '@candor/domain';

/**
 * The domain's sealBlock with Node's native SHA-256: the same canonical encoding and hash (the domain's own
 * SHA-256 is plain JavaScript so that it also runs in the browser; the feed hashes every second of every
 * product, and a block of exchange-made ticks carries each tick's quotes).
 */
function seal(prev: { hash: string } | null, symbol: string, second: number, ticks: readonly ChainTick[], changes: readonly ChainChange[]): ChainBlock {
  const body: ChainBlockBody = { symbol, second, ticks, prevHash: prev ? prev.hash : GENESIS_PREV_HASH };
  if (changes.length) body.changes = changes;
  return { ...body, hash: createHash('sha256').update(canonicalBlockEncoding(body), 'utf8').digest('hex') };
}

export interface LastBlock {
  second: number;
  hash: string;
  /** The seq of its last tick (a block of changes alone: the seq before it). */
  lastSeq?: string;
}
export interface AssembledBlock extends ChainBlock {
  second: number;
  firstSeq: string;
  lastSeq: string;
}

/**
 * Turns one product's stream of ticks into its chain of per-second blocks. Ticks are added in
 * seq order; a second is sealed once it has fully passed (plus a grace period), with
 * `prevHash` = the previous block's hash (genesis for the first block). `seal` only proposes
 * blocks; `commit` advances the chain once they are stored, so a failed write changes nothing.
 */
export class BlockAssembler {
  private unsealed: ChainTick[] = [];
  /** Catalogue changes waiting for their second's block, in the order added. */
  private changes: { second: number; change: ChainChange }[] = [];
  /** The seq of the last tick in a stored block ('0' before the first): a block of changes alone spans none. */
  private lastSeq: string;

  constructor(
    readonly symbol: string,
    private last: LastBlock | null = null,
    unsealed: readonly ChainTick[] = [],
    lastSeq: string | null = null,
  ) {
    this.lastSeq = lastSeq ?? last?.lastSeq ?? '0';
    for (const k of unsealed) this.add(k);
  }

  /** The last stored block (null before the first). */
  get lastBlock(): LastBlock | null {
    return this.last;
  }

  /** The last second that can no longer take ticks (-1 when nothing is sealed). */
  get sealedThrough(): number {
    return this.last ? this.last.second : -1;
  }

  get pendingCount(): number {
    return this.unsealed.length + this.changes.length;
  }

  /**
   * Record a catalogue change in the block of the second its `effectiveAt` falls in; when that second is sealed
   * already (the feed was down then), in the first open second, with `effectiveAt` moved to that second's
   * start: the record says when the rule really began. Returns the change as it will be recorded.
   */
  addChange(change: ChainChange, firstOpenSecond: number): ChainChange {
    const wanted = Math.floor(Date.parse(change.effectiveAt) / 1000);
    if (!Number.isSafeInteger(wanted)) throw new RangeError(`bad change time: ${change.effectiveAt}`);
    const second = Math.max(wanted, this.sealedThrough + 1, firstOpenSecond);
    const recorded = second === wanted ? change : { ...change, effectiveAt: new Date(second * 1000).toISOString() };
    this.changes.push({ second, change: recorded });
    return recorded;
  }

  /** Take back a change not yet stored (it was withdrawn before its block committed). */
  dropChange(id: string): void {
    this.changes = this.changes.filter((c) => c.change.id !== id);
  }

  /** Ids of the changes waiting for their block. */
  get changeIds(): string[] {
    return this.changes.map((c) => c.change.id);
  }

  /** Add a tick; its time must fall in a second after the last sealed one, and its seq must increase. */
  add(tick: ChainTick): void {
    const second = Math.floor(Date.parse(tick.t) / 1000);
    if (!Number.isSafeInteger(second)) throw new RangeError(`bad tick time: ${tick.t}`);
    if (second <= this.sealedThrough) throw new RangeError(`second ${second} of ${this.symbol} is already sealed`);
    const prev = this.unsealed[this.unsealed.length - 1];
    if (prev && BigInt(tick.seq) <= BigInt(prev.seq)) throw new RangeError(`tick seq ${tick.seq} of ${this.symbol} does not increase`);
    if (prev && Date.parse(tick.t) < Date.parse(prev.t)) throw new RangeError(`tick time of ${this.symbol} goes back`);
    this.unsealed.push(chainTickOf(tick));
  }

  /**
   * The blocks for every second that ended at least `graceMs` before `nowMs` (all seconds when
   * `all`), chained from the last stored block. Nothing changes until `commit`.
   */
  seal(nowMs: number, graceMs: number, all = false): AssembledBlock[] {
    const limit = all ? Infinity : Math.floor((nowMs - graceMs) / 1000); // seconds < limit have fully passed
    const secondOf = (k: ChainTick) => Math.floor(Date.parse(k.t) / 1000);
    const seconds = [...new Set([...this.unsealed.map(secondOf), ...this.changes.map((c) => c.second)])].filter((x) => x < limit).sort((a, b) => a - b);
    const out: AssembledBlock[] = [];
    let prev: { hash: string } | null = this.last;
    let lastSeq = this.lastSeq;
    let i = 0;
    for (const second of seconds) {
      let j = i;
      while (j < this.unsealed.length && secondOf(this.unsealed[j]!) === second) j++;
      const ticks = this.unsealed.slice(i, j); // chainTickOf'd as they are added
      const changes = this.changes.filter((c) => c.second === second).map((c) => c.change);
      const block = seal(prev, this.symbol, second, ticks, changes);
      const firstSeq = ticks.length ? ticks[0]!.seq : lastSeq;
      lastSeq = ticks.length ? ticks[ticks.length - 1]!.seq : lastSeq;
      out.push({ ...block, second, firstSeq, lastSeq });
      prev = block;
      i = j;
    }
    return out;
  }

  /** Record that `blocks` (from `seal`, in order) are stored. */
  commit(blocks: readonly AssembledBlock[]): void {
    for (const b of blocks) {
      const expectedPrev = this.last ? this.last.hash : GENESIS_PREV_HASH;
      if (b.prevHash !== expectedPrev) throw new Error(`block ${b.second} of ${this.symbol} does not follow the last stored block`);
      const last = BigInt(b.lastSeq);
      this.unsealed = this.unsealed.filter((k) => BigInt(k.seq) > last);
      this.changes = this.changes.filter((c) => c.second > b.second);
      this.lastSeq = b.lastSeq;
      this.last = { second: b.second, hash: b.hash, lastSeq: b.lastSeq };
    }
  }
}
