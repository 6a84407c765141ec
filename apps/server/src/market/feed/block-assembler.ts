import { createHash } from 'node:crypto';
import { canonicalBlockEncoding, chainTickOf, GENESIS_PREV_HASH, type ChainBlock, type ChainBlockBody, type ChainTick } from '@candor/domain';

/**
 * The domain's sealBlock with Node's native SHA-256: the same canonical encoding and hash (the domain's own
 * SHA-256 is plain JavaScript so that it also runs in the browser; the feed hashes every second of every
 * product, and a block of exchange-made ticks carries each tick's quotes).
 */
function seal(prev: { hash: string } | null, symbol: string, second: number, ticks: readonly ChainTick[]): ChainBlock {
  const body: ChainBlockBody = { symbol, second, ticks, prevHash: prev ? prev.hash : GENESIS_PREV_HASH };
  return { ...body, hash: createHash('sha256').update(canonicalBlockEncoding(body), 'utf8').digest('hex') };
}

export interface LastBlock {
  second: number;
  hash: string;
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

  constructor(
    readonly symbol: string,
    private last: LastBlock | null = null,
    unsealed: readonly ChainTick[] = [],
  ) {
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
    return this.unsealed.length;
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
    const out: AssembledBlock[] = [];
    let prev: { hash: string } | null = this.last;
    let i = 0;
    while (i < this.unsealed.length) {
      const second = Math.floor(Date.parse(this.unsealed[i]!.t) / 1000);
      if (second >= limit) break;
      let j = i;
      while (j < this.unsealed.length && Math.floor(Date.parse(this.unsealed[j]!.t) / 1000) === second) j++;
      const ticks = this.unsealed.slice(i, j);
      const block = seal(prev, this.symbol, second, ticks); // ticks are chainTickOf'd as they are added
      out.push({ ...block, second, firstSeq: ticks[0]!.seq, lastSeq: ticks[ticks.length - 1]!.seq });
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
      this.last = { second: b.second, hash: b.hash };
    }
  }
}
