/**
 * How a price is made from public exchanges' quotes (docs/prices.md): each exchange's price is the mid of
 * its best bid and ask; the tick is the median of the fresh mids when at least `quorum` are fresh; a mid
 * more than `maxDeviationBps` from that median is dropped and the median taken again over the rest; the
 * spread of the used mids must itself stay within `maxDeviationBps`. Otherwise there is no price (a halt).
 * Exact decimal arithmetic throughout (scaled bigints); nothing here reads a clock.
 */
import { decimalPlaces, decimalToScaled, isDecimal, normalizeDecimal, parseDecimal, scaledToDecimal, type ParsedDecimal } from './decimal.js';

/** The rule's name and version as recorded in every tick it made. */
export const PRICE_RULE_NAME = 'median-of-mids';
export const PRICE_RULE_VERSION = 1;

/** The rule a price was made by from its sources (`median-of-mids` v1, docs/prices.md), recorded with every tick. */
export interface PriceRule {
  name: string;
  version: number;
  quorum: number;
  maxDeviationBps: number;
}

/** One exchange's latest best bid and ask, as the feed received it. */
export interface VenueQuote {
  venue: string;
  /** The quote currency of the exchange's market (USDT, USD...); quotes in another currency than the product's are never used. */
  quoteCurrency?: string;
  bid: string;
  ask: string;
  /** The exchange's own time of the quote (ISO 8601), when it sends one. */
  venueTs: string | null;
  /** The exchange's own id of the quote (update id, trade id, sequence), when it sends one. */
  venueId: string | null;
  /** When the feed received it, epoch ms. */
  receivedAt: number;
}

export type SourceReason = 'stale' | 'deviation' | 'currency' | 'invalid';

/** One exchange quote as recorded with a tick (inside its block's hash): whether the median used it, and why not. */
export interface TickSource {
  venue: string;
  bid: string;
  ask: string;
  /** (bid + ask) / 2, exact; empty for an invalid quote. */
  mid: string;
  venueTs: string | null;
  venueId: string | null;
  /** ISO 8601. */
  receivedAt: string;
  used: boolean;
  reason?: SourceReason;
}

/** Why a product has no price (a halt): fewer fresh exchange quotes than the quorum, or they disagree beyond the limit. */
export type HaltReason = 'quorum' | 'disagreement';

export interface AggregateOptions {
  nowMs: number;
  /** A quote older than this (received more than staleMs before nowMs) is not used. */
  staleMs: number;
  quorum: number;
  maxDeviationBps: number;
  /** Decimals of the product's price: the median is rounded half up to them. */
  precision: number;
  /** The product's quote currency; when set, quotes in another currency are dropped ('currency'). */
  quoteCurrency?: string;
}

export type Aggregation =
  | { ok: true; price: string; median: string; used: number; total: number; spread: string; spreadBps: string; sources: TickSource[]; rule: PriceRule }
  | { ok: false; reason: HaltReason; used: number; total: number; sources: TickSource[]; rule: PriceRule };

interface Candidate {
  index: number;
  mid: bigint;
}

/** The median of scaled values (sorted copy); an even count averages the middle two (exact at the scale used, which leaves room for it). */
function medianOf(values: readonly bigint[]): bigint {
  const s = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const n = s.length;
  return n % 2 === 1 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2n;
}

/** |a - m| * 10000 > bps * m, for positive m: `a` lies more than `bps` basis points from `m`. */
export function beyondBps(a: bigint, m: bigint, bps: number): boolean {
  const d = a > m ? a - m : m - a;
  return d * 10000n > BigInt(bps) * m;
}

/** A positive scaled value rounded half up from `from` decimals to `to` decimals. */
function roundHalfUp(v: bigint, from: number, to: number): bigint {
  if (to >= from) return v * 10n ** BigInt(to - from);
  const f = 10n ** BigInt(from - to);
  return (v * 2n + f) / (2n * f);
}

function validRule(o: AggregateOptions): void {
  if (!Number.isInteger(o.quorum) || o.quorum < 1) throw new RangeError(`bad quorum: ${o.quorum}`);
  if (!Number.isInteger(o.maxDeviationBps) || o.maxDeviationBps < 0) throw new RangeError(`bad maxDeviationBps: ${o.maxDeviationBps}`);
  if (!Number.isInteger(o.precision) || o.precision < 0 || o.precision > 18) throw new RangeError(`bad precision: ${o.precision}`);
}

const positiveDecimal = (s: unknown): s is string => isDecimal(s) && !s.startsWith('-') && /[1-9]/.test(s);

/** A positive decimal parsed (as positiveDecimal accepts it), or null. */
function positive(s: unknown): ParsedDecimal | null {
  if (typeof s !== 'string' || s.startsWith('-')) return null;
  const p = parseDecimal(s);
  return p && (p.int !== '0' || p.frac !== '') ? p : null;
}

/** A parsed non-negative decimal times 10^scale (scale >= its decimals). */
const scaledOf = (p: ParsedDecimal, scale: number): bigint => BigInt(p.int + p.frac.padEnd(scale, '0'));

/** The mid of a bid and an ask as exact decimal text ("67000.1", "67000.2" -> "67000.15"). Throws RangeError on a malformed quote. */
export function midOf(bid: string, ask: string): string {
  if (!positiveDecimal(bid) || !positiveDecimal(ask)) throw new RangeError('bid and ask must be positive decimals');
  const scale = Math.max(decimalPlaces(bid), decimalPlaces(ask)) + 1;
  return normalizeDecimal(scaledToDecimal((decimalToScaled(bid, scale) + decimalToScaled(ask, scale)) / 2n, scale));
}

/**
 * Aggregate the latest quotes of one product into its price, or say why there is none. Every quote comes
 * back in `sources`, in the order given, marked used or not (with the reason). The order of checks:
 * invalid (not two positive decimals with bid <= ask), currency, stale; fewer than `quorum` left: 'quorum';
 * drop mids beyond `maxDeviationBps` of the median of the rest; fewer than `quorum` left, or the used mids
 * spread wider than `maxDeviationBps` of their median: 'disagreement'.
 */
export function aggregateQuotes(quotes: readonly VenueQuote[], o: AggregateOptions): Aggregation {
  validRule(o);
  const rule: PriceRule = { name: PRICE_RULE_NAME, version: PRICE_RULE_VERSION, quorum: o.quorum, maxDeviationBps: o.maxDeviationBps };
  // Each bid and ask is parsed once (the feed aggregates every product several times a second).
  const parsed = quotes.map((q) => {
    const bid = positive(q.bid);
    const ask = bid && positive(q.ask);
    return bid && ask ? { bid, ask } : null;
  });
  // One scale for every figure: two more decimals than the longest input, so a mid and a mean of two mids are exact.
  let maxPlaces = 0;
  for (const p of parsed) if (p) maxPlaces = Math.max(maxPlaces, p.bid.frac.length, p.ask.frac.length);
  const scale = maxPlaces + 2;
  const sources: TickSource[] = [];
  const candidates: Candidate[] = [];
  quotes.forEach((q, index) => {
    const s: TickSource = {
      venue: q.venue,
      bid: q.bid,
      ask: q.ask,
      mid: '',
      venueTs: q.venueTs,
      venueId: q.venueId,
      receivedAt: new Date(q.receivedAt).toISOString(),
      used: false,
    };
    sources.push(s);
    const p = parsed[index];
    const bid = p && scaledOf(p.bid, scale);
    const ask = p && scaledOf(p.ask, scale);
    if (bid === null || ask === null || bid > ask) {
      s.reason = 'invalid';
      return;
    }
    const mid = (bid + ask) / 2n; // exact: the scale has a decimal more than any bid or ask
    s.mid = normalizeDecimal(scaledToDecimal(mid, scale));
    if (o.quoteCurrency !== undefined && q.quoteCurrency !== undefined && q.quoteCurrency !== o.quoteCurrency) s.reason = 'currency';
    else if (!(o.nowMs - q.receivedAt <= o.staleMs)) s.reason = 'stale';
    else candidates.push({ index, mid });
  });
  const total = quotes.length;
  if (candidates.length < o.quorum) return { ok: false, reason: 'quorum', used: 0, total, sources, rule };

  const first = medianOf(candidates.map((c) => c.mid));
  const used = candidates.filter((c) => {
    if (!beyondBps(c.mid, first, o.maxDeviationBps)) return true;
    sources[c.index]!.reason = 'deviation';
    return false;
  });
  if (used.length < o.quorum) return { ok: false, reason: 'disagreement', used: 0, total, sources, rule };
  const mids = used.map((c) => c.mid);
  const median = medianOf(mids);
  const lo = mids.reduce((a, b) => (b < a ? b : a));
  const hi = mids.reduce((a, b) => (b > a ? b : a));
  if ((hi - lo) * 10000n > BigInt(o.maxDeviationBps) * median) {
    return { ok: false, reason: 'disagreement', used: 0, total, sources, rule };
  }
  for (const c of used) sources[c.index]!.used = true;
  const spreadBps = scaledToDecimal(((hi - lo) * 1_000_000n * 2n + median) / (2n * median), 2); // bps with 2 decimals, half up
  return {
    ok: true,
    price: scaledToDecimal(roundHalfUp(median, scale, o.precision), o.precision),
    median: normalizeDecimal(scaledToDecimal(median, scale)),
    used: used.length,
    total,
    spread: normalizeDecimal(scaledToDecimal(hi - lo, scale)),
    spreadBps,
    sources,
    rule,
  };
}

/**
 * The median of the used sources' mids, exact (what a recorded price was rounded from, for a reader to see
 * beside it); null when no source is used or a used one is not a valid bid/ask.
 */
export function usedMedian(sources: readonly TickSource[]): string | null {
  const used = sources.filter((s) => s.used);
  if (used.length === 0) return null;
  try {
    const scale = Math.max(...used.map((s) => Math.max(decimalPlaces(s.bid), decimalPlaces(s.ask)))) + 2;
    return normalizeDecimal(scaledToDecimal(medianOf(used.map((s) => decimalToScaled(midOf(s.bid, s.ask), scale))), scale));
  } catch {
    return null;
  }
}

/**
 * Recompute a recorded tick's price from its recorded sources (the used ones), as a verifier does:
 * the median of their mids rounded half up to the decimals of `price`. Returns a list of problems
 * (empty when the tick follows the rule). Staleness is not rechecked: it depends on the feed's clock,
 * recorded as each quote's `receivedAt` beside the tick's own time.
 */
export function checkTickSources(price: string, sources: readonly TickSource[], rule: PriceRule): string[] {
  const problems: string[] = [];
  if (rule.name !== PRICE_RULE_NAME || rule.version !== PRICE_RULE_VERSION) return [`unknown rule ${rule.name} v${rule.version}`];
  const used = sources.filter((s) => s.used);
  for (const s of sources) {
    let mid: string;
    try {
      mid = midOf(s.bid, s.ask);
    } catch {
      if (s.used) problems.push(`${s.venue}: used, but its quote is not a valid bid/ask`);
      continue;
    }
    if (s.mid !== '' && normalizeDecimal(s.mid) !== mid) problems.push(`${s.venue}: recorded mid ${s.mid} is not (bid + ask) / 2 = ${mid}`);
  }
  if (used.length < rule.quorum) return [...problems, `only ${used.length} sources used, the quorum is ${rule.quorum}`];
  if (!positiveDecimal(price)) return [...problems, `bad price ${price}`];
  const pricePlaces = price.includes('.') ? price.length - price.indexOf('.') - 1 : 0; // the text's decimals: the product's precision
  const places = Math.max(...used.map((s) => Math.max(decimalPlaces(s.bid), decimalPlaces(s.ask))));
  const scale = places + 2;
  const mids = used.map((s) => decimalToScaled(midOf(s.bid, s.ask), scale));
  const median = medianOf(mids);
  const expected = scaledToDecimal(roundHalfUp(median, scale, pricePlaces), pricePlaces);
  if (normalizeDecimal(expected) !== normalizeDecimal(price))
    problems.push(`price ${price} is not the median ${normalizeDecimal(scaledToDecimal(median, scale))} of the used mids (rounded: ${expected})`);
  for (const [i, s] of used.entries())
    if (beyondBps(mids[i]!, median, rule.maxDeviationBps)) problems.push(`${s.venue}: used, but more than ${rule.maxDeviationBps} bps from the median`);
  return problems;
}
