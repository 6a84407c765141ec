/**
 * The public tick record: one block per product per second, chained by SHA-256 so that a rewritten tick
 * breaks every later hash. An order's receipt names its entry and exit ticks and their blocks; anyone holding
 * the published blocks can check it with `verifyReceipt` (docs/internals.md, "Tick chain encoding").
 */
import { compareDecimal } from './decimal.js';
import type { PriceRule, TickSource } from './price-aggregation.js';
import { sha256Hex } from './sha256.js';

/** The prevHash of a product's first block (64 zeros). */
export const GENESIS_PREV_HASH = '0'.repeat(64);

export interface ChainTick {
  /** Tick sequence number, a bigint as a decimal string. */
  seq: string;
  /** Tick time, ISO 8601. */
  t: string;
  /** Price as a decimal string. */
  price: string;
  /** A price made from exchanges: every quote it was made from (used or not) and the rule; both or neither. */
  sources?: readonly TickSource[] | null;
  rule?: PriceRule | null;
}

/**
 * A catalogue change that took effect in a block's second (a precision, the exchange markets, the hours, time
 * zone or holidays): `from` and `to` are the values as canonical JSON text (object keys sorted), so the record
 * hashes them as plain strings. `effectiveAt` is ISO 8601 and falls in the block's second.
 */
export interface ChainChange {
  id: string;
  field: string;
  from: string;
  to: string;
  effectiveAt: string;
}

export interface ChainBlockBody {
  symbol: string;
  /** Epoch second the block covers; a string of digits is accepted too (as it comes off the wire). */
  second: number | string;
  ticks: readonly ChainTick[];
  /** Catalogue changes that took effect in this second, in the order they were applied (none: omitted). */
  changes?: readonly ChainChange[] | null;
  prevHash: string;
}

export interface ChainBlock extends ChainBlockBody {
  hash: string;
}

const HASH = /^[0-9a-f]{64}$/;
const SEQ = /^(0|[1-9]\d*)$/;

/** The block's epoch second as a number, or null if it is not a non-negative safe integer. */
export function blockSecond(second: number | string): number | null {
  const n = typeof second === 'string' ? (/^\d{1,16}$/.test(second) ? Number(second) : NaN) : second;
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

const REASONS = new Set(['stale', 'deviation', 'currency', 'invalid']);
const nullableText = (v: unknown): v is string | null => v === null || typeof v === 'string';

/** A tick's sources in their canonical key order; throws RangeError on a malformed one. */
function canonicalSources(sources: readonly TickSource[]): Record<string, unknown>[] {
  if (!Array.isArray(sources)) throw new RangeError('tick sources must be a list');
  return sources.map((x: TickSource) => {
    const ok =
      typeof x?.venue === 'string' &&
      typeof x.bid === 'string' &&
      typeof x.ask === 'string' &&
      typeof x.mid === 'string' &&
      nullableText(x.venueTs) &&
      nullableText(x.venueId) &&
      typeof x.receivedAt === 'string' &&
      typeof x.used === 'boolean' &&
      (x.reason === undefined || (typeof x.reason === 'string' && REASONS.has(x.reason)));
    if (!ok) throw new RangeError('bad tick source');
    const out: Record<string, unknown> = {
      venue: x.venue,
      bid: x.bid,
      ask: x.ask,
      mid: x.mid,
      venueTs: x.venueTs,
      venueId: x.venueId,
      receivedAt: x.receivedAt,
      used: x.used,
    };
    if (x.reason !== undefined) out.reason = x.reason;
    return out;
  });
}

function canonicalRule(r: PriceRule): Record<string, unknown> {
  const ok = typeof r?.name === 'string' && Number.isSafeInteger(r.version) && Number.isSafeInteger(r.quorum) && Number.isSafeInteger(r.maxDeviationBps);
  if (!ok) throw new RangeError('bad tick rule');
  return { name: r.name, version: r.version, quorum: r.quorum, maxDeviationBps: r.maxDeviationBps };
}

/** One tick as hashed: {seq,t,price}, then, for a price made from exchanges, its sources and rule. */
function canonicalTick(k: ChainTick): Record<string, unknown> {
  if (typeof k.seq !== 'string' || !SEQ.test(k.seq)) throw new RangeError(`bad tick seq: ${String(k.seq)}`);
  if (typeof k.t !== 'string' || typeof k.price !== 'string') throw new RangeError('bad tick');
  const hasSources = k.sources !== undefined && k.sources !== null;
  const hasRule = k.rule !== undefined && k.rule !== null;
  if (hasSources !== hasRule) throw new RangeError('a tick has sources and a rule, or neither');
  if (!hasSources) return { seq: k.seq, t: k.t, price: k.price };
  return { seq: k.seq, t: k.t, price: k.price, sources: canonicalSources(k.sources!), rule: canonicalRule(k.rule!) };
}

/** JSON text with object keys sorted at every level: the one encoding of a catalogue value in the record. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    if (text === undefined) throw new RangeError('not a JSON value');
    return text;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
}

function canonicalChange(c: ChainChange): Record<string, unknown> {
  const ok =
    typeof c?.id === 'string' &&
    typeof c.field === 'string' &&
    typeof c.from === 'string' &&
    typeof c.to === 'string' &&
    typeof c.effectiveAt === 'string' &&
    Number.isFinite(Date.parse(c.effectiveAt));
  if (!ok) throw new RangeError('bad catalogue change');
  return { id: c.id, field: c.field, from: c.from, to: c.to, effectiveAt: c.effectiveAt };
}

/** A block's changes, or null when it has none (then it encodes exactly as a block from before changes existed). */
function changesOf(block: Pick<ChainBlockBody, 'changes'>): readonly ChainChange[] | null {
  if (block.changes === undefined || block.changes === null) return null;
  if (!Array.isArray(block.changes)) throw new RangeError('block changes must be a list');
  return block.changes.length ? block.changes : null;
}

/** A tick with only the fields that are hashed (what a block keeps). */
export function chainTickOf(k: ChainTick): ChainTick {
  return k.sources && k.rule ? { seq: k.seq, t: k.t, price: k.price, sources: k.sources, rule: k.rule } : { seq: k.seq, t: k.t, price: k.price };
}

/**
 * The canonical text of a block, what is hashed: JSON with no whitespace, keys in the order
 * {"symbol":S,"second":N,"ticks":[{"seq":Q,"t":T,"price":P},...],"prevHash":H}, strings exactly as stored,
 * N the epoch second as an integer, ticks in stored (ascending seq) order. A tick made from exchange
 * quotes also has, after "price", "sources":[{"venue","bid","ask","mid","venueTs","venueId","receivedAt",
 * "used"[,"reason"]},...] and "rule":{"name","version","quorum","maxDeviationBps"} (docs/internals.md);
 * ticks without sources encode exactly as before, so earlier blocks keep their hashes. A block in whose
 * second catalogue changes took effect has, after "ticks", "changes":[{"id","field","from","to","effectiveAt"},...]
 * (a block without changes encodes as before; it may have no ticks at all).
 * Throws RangeError on a malformed block.
 */
export function canonicalBlockEncoding(block: ChainBlockBody): string {
  const second = blockSecond(block.second);
  if (typeof block.symbol !== 'string' || block.symbol === '') throw new RangeError('block symbol missing');
  if (second === null) throw new RangeError(`bad block second: ${String(block.second)}`);
  if (typeof block.prevHash !== 'string' || !HASH.test(block.prevHash)) throw new RangeError('bad prevHash');
  if (!Array.isArray(block.ticks)) throw new RangeError('block ticks missing');
  const ticks = block.ticks.map(canonicalTick);
  const changes = changesOf(block);
  if (changes) return JSON.stringify({ symbol: block.symbol, second, ticks, changes: changes.map(canonicalChange), prevHash: block.prevHash });
  return JSON.stringify({ symbol: block.symbol, second, ticks, prevHash: block.prevHash });
}

/** Lowercase hex SHA-256 of the UTF-8 bytes of the canonical encoding. */
export function hashBlock(block: ChainBlockBody): string {
  return sha256Hex(canonicalBlockEncoding(block));
}

/** Build the next block of a product's chain: prevHash is the previous block's hash (genesis when none). */
export function sealBlock(
  prev: Pick<ChainBlock, 'hash'> | null,
  symbol: string,
  second: number,
  ticks: readonly ChainTick[],
  changes: readonly ChainChange[] = [],
): ChainBlock {
  const body: ChainBlockBody = {
    symbol,
    second,
    ticks: ticks.map(chainTickOf),
    prevHash: prev ? prev.hash : GENESIS_PREV_HASH,
  };
  if (changes.length) body.changes = changes;
  return { ...body, hash: hashBlock(body) };
}

export type ChainFault =
  | 'format' // a block is malformed (fields, seq, second, hash text)
  | 'hash' // a block's hash is not the hash of its content
  | 'link' // prevHash is not the previous block's hash (or not genesis when required)
  | 'symbol' // blocks of different products
  | 'order' // block seconds not strictly increasing
  | 'seq' // tick seq not strictly increasing
  | 'tickTime' // a tick's time is not inside its block's second
  | 'changeTime'; // a catalogue change's effectiveAt is not inside its block's second

export type ChainCheck = { ok: true } | { ok: false; brokenAt: number; fault: ChainFault };

/**
 * Check consecutive blocks of one product: each hash, each prevHash link, strictly increasing
 * seconds and tick seqs, and every tick time inside its block's second [second, second + 1).
 * The first block's prevHash is only checked when `fromGenesis` is set (then it must be
 * GENESIS_PREV_HASH); otherwise the blocks may be any contiguous slice of the chain.
 * `brokenAt` is the index of the first failing block.
 */
export function verifyChain(blocks: readonly ChainBlock[], opts: { fromGenesis?: boolean } = {}): ChainCheck {
  let lastSeq: bigint | null = null;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    const fail = (fault: ChainFault): ChainCheck => ({ ok: false, brokenAt: i, fault });
    let expected: string;
    try {
      expected = hashBlock(b);
    } catch {
      return fail('format');
    }
    if (typeof b.hash !== 'string' || !HASH.test(b.hash)) return fail('format');
    if (b.hash !== expected) return fail('hash');
    if (i === 0 ? opts.fromGenesis && b.prevHash !== GENESIS_PREV_HASH : b.prevHash !== blocks[i - 1]!.hash) return fail('link');
    const second = blockSecond(b.second)!;
    if (i > 0) {
      if (b.symbol !== blocks[0]!.symbol) return fail('symbol');
      if (second <= blockSecond(blocks[i - 1]!.second)!) return fail('order');
    }
    for (const k of b.ticks) {
      const seq = BigInt(k.seq);
      if (lastSeq !== null && seq <= lastSeq) return fail('seq');
      lastSeq = seq;
      const ms = Date.parse(k.t);
      if (!(ms >= second * 1000 && ms < (second + 1) * 1000)) return fail('tickTime');
    }
    for (const c of b.changes ?? []) {
      const ms = Date.parse(c.effectiveAt);
      if (!(ms >= second * 1000 && ms < (second + 1) * 1000)) return fail('changeTime');
    }
  }
  return { ok: true };
}

/** A tick named by a receipt, with the block it was recorded in. */
/**
 * The seconds of the public tick record a receipt points its reader to: from the second the order
 * opened in to the second after it closed (or, while open, after its expiry), so both of its ticks
 * and the later tick that made the close final are inside.
 */
export function receiptRecordSeconds(openedAtMs: number, closedAtMs: number): { from: number; to: number } {
  return { from: Math.floor(openedAtMs / 1000), to: Math.floor(closedAtMs / 1000) + 1 };
}

export interface ReceiptTick {
  seq: string;
  t: string;
  price: string;
  blockSecond: number | string;
  blockHash: string;
}

/** What an order's receipt names: its entry tick and, once settled, its exit tick. */
export interface TickReceipt {
  symbol: string;
  entry: ReceiptTick;
  exit?: ReceiptTick | null;
}

export type ReceiptFault =
  | 'chain' // the blocks themselves do not verify (see chainFault / brokenAt)
  | 'symbol' // the blocks are not of the receipt's product
  | 'block' // no block with the named second and hash
  | 'tick' // the block has no tick with the named seq
  | 'mismatch' // the tick's price or time differs from the receipt's
  | 'order'; // the exit tick does not come after the entry tick

export type ReceiptCheck = { ok: true } | { ok: false; fault: ReceiptFault; which?: 'entry' | 'exit'; brokenAt?: number; chainFault?: ChainFault };

function sameInstant(a: string, b: string): boolean {
  const x = Date.parse(a);
  return Number.isFinite(x) && x === Date.parse(b);
}

function samePrice(a: string, b: string): boolean {
  try {
    return compareDecimal(a, b) === 0;
  } catch {
    return false;
  }
}

/**
 * A receipt is valid when the given blocks verify as one contiguous chain of the receipt's
 * product, and each named tick is in the block with the named second and hash, with the same
 * price (by value) and time (same instant). When both ticks are given, the exit must come
 * after the entry (greater seq). Pass at least the blocks from the entry block to the exit block.
 */
export function verifyReceipt(receipt: TickReceipt, blocks: readonly ChainBlock[]): ReceiptCheck {
  const chain = verifyChain(blocks);
  if (!chain.ok) return { ok: false, fault: 'chain', brokenAt: chain.brokenAt, chainFault: chain.fault };
  if (blocks.some((b) => b.symbol !== receipt.symbol)) return { ok: false, fault: 'symbol' };
  const named: ['entry' | 'exit', ReceiptTick][] = [['entry', receipt.entry]];
  if (receipt.exit) named.push(['exit', receipt.exit]);
  for (const [which, ref] of named) {
    const second = blockSecond(ref.blockSecond);
    const block = blocks.find((b) => second !== null && blockSecond(b.second) === second && b.hash === ref.blockHash);
    if (!block) return { ok: false, fault: 'block', which };
    const tick = block.ticks.find((k) => k.seq === ref.seq);
    if (!tick) return { ok: false, fault: 'tick', which };
    if (!samePrice(tick.price, ref.price) || !sameInstant(tick.t, ref.t)) return { ok: false, fault: 'mismatch', which };
  }
  if (receipt.exit && BigInt(receipt.exit.seq) <= BigInt(receipt.entry.seq)) return { ok: false, fault: 'order' };
  return { ok: true };
}
