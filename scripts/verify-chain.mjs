#!/usr/bin/env node
// Checks a range of a product's public tick record against its hash chain.
//
//   node scripts/verify-chain.mjs <SYMBOL> [from] [to] [--api http://localhost:3000] [--from-genesis]
//
// `from` and `to` are ISO 8601 times or epoch seconds (default: the last minute). The blocks come
// from GET /api/products/:symbol/blocks (paged, 600 a page); every block's hash is recomputed here
// with node:crypto from the documented canonical encoding (an implementation independent of the
// server's), every prevHash must be the previous block's hash, seconds and tick seqs must increase,
// and each tick's time must fall inside its block's second. Exit code 0 when all is well, 1 when
// something does not match (printed), 2 on a usage or network error.
//
// Canonical encoding (libs/domain/src/tick-chain.ts): JSON without whitespace, keys in this order,
//   {"symbol":S,"second":N,"ticks":[{"seq":Q,"t":T,"price":P},...],"prevHash":H}
// with N a JSON integer and the other values the strings exactly as published; hash = lowercase hex
// SHA-256 of its UTF-8 bytes. The first block of a product has prevHash = 64 zeros. A tick made from
// exchange quotes also carries, after "price", "sources":[{"venue","bid","ask","mid","venueTs","venueId",
// "receivedAt","used"[,"reason"]},...] and "rule":{"name","version","quorum","maxDeviationBps"}; for such
// a tick the price is recomputed here from the recorded quotes (the median of the used mids, rounded half
// up to the price's decimals) and the rule's other conditions are checked (see docs/prices.md).
//
// A block in whose second a catalogue change took effect (a product's precision, exchange markets, hours,
// time zone or holidays) has, between "ticks" and "prevHash",
//   "changes":[{"id","field","from","to","effectiveAt"},...]
// (only when there is at least one; such a block may have no ticks). `from` and `to` are the values as
// canonical JSON text (object keys sorted at every level). Each change is checked here: well formed, its
// effectiveAt inside its block's second, `from` and `to` canonical JSON of the field's kind, `from` equal to
// the previous change of the same field's `to`; and for a precision change, that no tick before it in the
// range has more decimals than `from` and none from its block on (until the next one) more than `to`, so
// the record proves when each precision began. The changes seen are printed.
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';

export const GENESIS = '0'.repeat(64);
const HASH = /^[0-9a-f]{64}$/;
const PAGE = 600;

/** One tick in its canonical key order (sources and rule only for a price made from exchange quotes). */
export function canonicalTick(k) {
  if (k.sources == null && k.rule == null) return { seq: k.seq, t: k.t, price: k.price };
  const sources = (k.sources ?? []).map((x) => {
    const o = { venue: x.venue, bid: x.bid, ask: x.ask, mid: x.mid, venueTs: x.venueTs, venueId: x.venueId, receivedAt: x.receivedAt, used: x.used };
    if (x.reason !== undefined) o.reason = x.reason;
    return o;
  });
  const r = k.rule ?? {};
  return { seq: k.seq, t: k.t, price: k.price, sources, rule: { name: r.name, version: r.version, quorum: r.quorum, maxDeviationBps: r.maxDeviationBps } };
}

/** A catalogue change in its canonical key order. */
export function canonicalChange(c) {
  return { id: c?.id, field: c?.field, from: c?.from, to: c?.to, effectiveAt: c?.effectiveAt };
}

export function canonicalBlock(b) {
  const base = { symbol: b.symbol, second: Number(b.second), ticks: b.ticks.map(canonicalTick) };
  // A block without changes (none, or an empty list) encodes exactly as before changes existed.
  if (Array.isArray(b.changes) && b.changes.length) return JSON.stringify({ ...base, changes: b.changes.map(canonicalChange), prevHash: b.prevHash });
  return JSON.stringify({ ...base, prevHash: b.prevHash });
}

/** JSON text with object keys sorted at every level (the record's one encoding of a catalogue value). */
export function canonicalJson(value) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value)
    .filter((k) => value[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
}

/** An IANA time zone this Node knows (Intl refuses others). */
function validZone(tz) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const CLOCK = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
/** What each catalogue field's value must look like (docs/prices.md, "Catalogue changes"). */
const FIELD_VALUE = {
  precision: (v) => Number.isSafeInteger(v) && v >= 0 && v <= 18,
  priceVenues: (v) => Array.isArray(v) && v.every((m) => isObject(m) && typeof m.venue === 'string' && typeof m.symbol === 'string'),
  hours: (v) =>
    v === null ||
    (Array.isArray(v) &&
      v.every((h) => isObject(h) && Number.isSafeInteger(h.day) && h.day >= 0 && h.day <= 6 && CLOCK.test(String(h.open)) && CLOCK.test(String(h.close)))),
  timezone: (v) => typeof v === 'string' && v !== '' && validZone(v),
  holidays: (v) => Array.isArray(v) && v.every((d) => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d)),
};

/**
 * Problems with one change record of a block at `second` (empty when it is sound): its fields, its effectiveAt
 * inside the block's second, and `from`/`to` canonical JSON text of a value of the field's kind.
 */
export function checkChange(c, second) {
  const name = `change ${c?.id ?? '?'}`;
  const ok = isObject(c) && ['id', 'field', 'from', 'to', 'effectiveAt'].every((k) => typeof c[k] === 'string') && c.id !== '';
  if (!ok) return [`${name}: malformed change record`];
  const out = [];
  if (!Object.hasOwn(FIELD_VALUE, c.field)) out.push(`${name}: unknown field ${c.field}`);
  const ms = Date.parse(c.effectiveAt);
  if (!(ms >= second * 1000 && ms < (second + 1) * 1000))
    out.push(`${name} (${c.field}) takes effect at ${c.effectiveAt}, outside the block's second (changeTime)`);
  for (const side of ['from', 'to']) {
    let value;
    try {
      value = JSON.parse(c[side]);
    } catch {
      out.push(`${name} (${c.field}): ${side} ${c[side]} is not JSON`);
      continue;
    }
    if (canonicalJson(value) !== c[side]) out.push(`${name} (${c.field}): ${side} ${c[side]} is not canonical JSON (${canonicalJson(value)})`);
    if (Object.hasOwn(FIELD_VALUE, c.field) && !FIELD_VALUE[c.field](value)) out.push(`${name} (${c.field}): ${side} ${c[side]} is not a valid ${c.field}`);
  }
  return out;
}

/** Every change record in `blocks` (in record order, with its block's second), to print and report. */
export function changesIn(blocks) {
  return blocks.flatMap((b) =>
    Array.isArray(b.changes)
      ? b.changes.filter((c) => isObject(c) && typeof c.field === 'string').map((c) => ({ ...canonicalChange(c), second: String(b.second) }))
      : [],
  );
}

/** Exact decimal text ("12.5", "12.", ".5", as the server's decimals) -> [bigint, decimals], or null. */
function scaled(text) {
  const m = /^(?:(\d+)(?:\.(\d*))?|\.(\d+))$/.exec(String(text));
  if (!m) return null;
  const frac = m[2] ?? m[3] ?? '';
  return [BigInt((m[1] ?? '0') + frac), frac.length];
}
const at = (v, from, to) => v * 10n ** BigInt(to - from);
/** Whether two exact decimals [v, d] are the same number, whatever their decimals. */
const sameValue = ([x, dx], [y, dy]) => x * 10n ** BigInt(dy) === y * 10n ** BigInt(dx);
/** |a - m| * 10000 > bps * m: `a` lies more than `bps` basis points from `m` (m > 0). */
const beyond = (a, m, bps) => (a > m ? a - m : m - a) * 10000n > bps * m;
function medianOf(values) {
  const s = [...values].sort((p, q) => (p < q ? -1 : p > q ? 1 : 0));
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2n;
}

/**
 * Problems with a tick made from exchange quotes (empty when it follows rule median-of-mids v1), recomputed
 * from the recorded quotes alone: each mid is (bid + ask) / 2; a quote is used or dropped with a reason, and
 * the reasons that can be checked from the record hold (an "invalid" quote is not a positive bid <= ask, a
 * valid one is not called invalid, and of the fresh quotes, used + "deviation", exactly those more than
 * maxDeviationBps from their median were dropped); no quote was received after the tick was made; at least
 * `quorum` are used; the price is the median of the used mids rounded half up to the price's decimals; and
 * the used mids spread no wider than maxDeviationBps of it. ("stale" and "currency" depend on the feed's
 * clock and the markets' quote currencies, which the record does not hold.)
 */
export function checkTickSources(k) {
  if (k.sources == null) return [];
  const out = [];
  const rule = k.rule ?? {};
  if (rule.name !== 'median-of-mids' || rule.version !== 1) return [`tick ${k.seq}: unknown rule ${rule.name} v${rule.version}`];
  if (
    !Array.isArray(k.sources) ||
    !Number.isSafeInteger(rule.quorum) ||
    rule.quorum < 1 ||
    !Number.isSafeInteger(rule.maxDeviationBps) ||
    rule.maxDeviationBps < 0
  )
    return [`tick ${k.seq}: malformed sources or rule`];
  const tickMs = Date.parse(k.t);
  const valid = [];
  let places = 0;
  for (const x of k.sources) {
    if (Number.isFinite(tickMs) && !(Date.parse(x.receivedAt) <= tickMs))
      out.push(`tick ${k.seq}: ${x.venue}'s quote was received (${x.receivedAt}) after the tick was made (${k.t})`);
    const b = scaled(x.bid);
    const a = scaled(x.ask);
    const ok = b && a && b[0] > 0n && a[0] > 0n && at(b[0], b[1], Math.max(b[1], a[1])) <= at(a[0], a[1], Math.max(b[1], a[1]));
    if (!ok) {
      if (x.used) out.push(`tick ${k.seq}: ${x.venue} is used but its quote is not a valid bid/ask`);
      else if (x.reason !== 'invalid') out.push(`tick ${k.seq}: ${x.venue}'s quote is not a valid bid/ask, yet it was dropped as ${x.reason ?? '(no reason)'}`);
      continue;
    }
    if (x.reason === 'invalid') out.push(`tick ${k.seq}: ${x.venue}'s quote ${x.bid}/${x.ask} is valid, yet it was dropped as invalid`);
    places = Math.max(places, b[1], a[1]);
    valid.push({ x, b, a });
  }
  const scale = places + 2; // a mid and the mean of two mids are exact at two more decimals than the quotes
  const used = [];
  const deviating = [];
  for (const { x, b, a } of valid) {
    const mid = (at(b[0], b[1], scale) + at(a[0], a[1], scale)) / 2n;
    const recorded = scaled(x.mid);
    if (!recorded || !sameValue(recorded, [mid, scale])) out.push(`tick ${k.seq}: ${x.venue}'s recorded mid ${x.mid} is not (bid + ask) / 2`);
    if (x.used) used.push({ venue: x.venue, mid });
    else if (!x.reason) out.push(`tick ${k.seq}: ${x.venue} is not used and says no reason`);
    else if (x.reason === 'deviation') deviating.push({ venue: x.venue, mid });
  }
  if (used.length < rule.quorum) out.push(`tick ${k.seq}: ${used.length} quotes used, the quorum is ${rule.quorum}`);
  if (used.length === 0) return out;
  const bps = BigInt(rule.maxDeviationBps);
  // The outlier step: the median of every fresh quote (used or dropped for deviation), and who lies beyond it.
  const first = medianOf([...used, ...deviating].map((m) => m.mid));
  for (const m of deviating)
    if (!beyond(m.mid, first, bps))
      out.push(`tick ${k.seq}: ${m.venue} was dropped as deviating, but lies within ${rule.maxDeviationBps} bps of the fresh quotes' median`);
  for (const m of used)
    if (beyond(m.mid, first, bps)) out.push(`tick ${k.seq}: ${m.venue} is used but lies more than ${rule.maxDeviationBps} bps from the fresh quotes' median`);
  const mids = used.map((m) => m.mid);
  const median = medianOf(mids);
  const price = scaled(k.price);
  if (!price || price[0] === 0n) return [...out, `tick ${k.seq}: bad price ${k.price}`];
  const f = 10n ** BigInt(Math.max(0, scale - price[1]));
  const expected = scale >= price[1] ? (median * 2n + f) / (2n * f) : median * 10n ** BigInt(price[1] - scale);
  if (expected !== price[0]) out.push(`tick ${k.seq}: price ${k.price} is not the median of the used quotes' mids (rounded to ${price[1]} decimals)`);
  for (const m of used)
    if (beyond(m.mid, median, bps)) out.push(`tick ${k.seq}: ${m.venue} is used but lies more than ${rule.maxDeviationBps} bps from the median`);
  const lo = mids.reduce((p, q) => (q < p ? q : p));
  const hi = mids.reduce((p, q) => (q > p ? q : p));
  if ((hi - lo) * 10000n > bps * median) out.push(`tick ${k.seq}: the used quotes spread wider than ${rule.maxDeviationBps} bps`);
  return out;
}

export function blockHash(b) {
  return createHash('sha256').update(canonicalBlock(b), 'utf8').digest('hex');
}

/** Decimals of a price's text ("100.50" -> 2), or null when it is not a decimal. */
export function decimalsOf(price) {
  return scaled(price)?.[1] ?? null;
}

/**
 * Check consecutive blocks; returns a list of problems (empty = all good). Besides hashes, links, seconds,
 * seqs and tick times, each catalogue change record (checkChange), that each change of a field starts from
 * the previous one's `to`, and the decimals of the ticks around each precision change.
 */
export function checkBlocks(blocks, { fromGenesis = false, previous = null } = {}) {
  const problems = [];
  let prev = previous;
  let lastSeq = previous?.lastSeq ?? null;
  const lastTo = new Map(); // field -> the `to` of its latest change in the range
  // The most decimals a tick may have: null until the range's first precision change, whose `from` is then
  // held against the ticks before it (the widest of them is kept in `widest`).
  let precision = null;
  let widest = null;
  for (const b of blocks) {
    const where = `block ${b.second} (${new Date(Number(b.second) * 1000).toISOString()})`;
    if (!HASH.test(b.hash ?? '') || !HASH.test(b.prevHash ?? '')) {
      problems.push(`${where}: malformed hash`);
      continue;
    }
    if (b.changes != null && !Array.isArray(b.changes)) {
      problems.push(`${where}: malformed changes`);
      continue;
    }
    const expected = blockHash(b);
    if (expected !== b.hash) problems.push(`${where}: hash does not match its content (published ${b.hash}, computed ${expected})`);
    if (prev) {
      if (b.prevHash !== prev.hash) problems.push(`${where}: prevHash ${b.prevHash} is not the hash of block ${prev.second} (${prev.hash})`);
      if (Number(b.second) <= Number(prev.second)) problems.push(`${where}: seconds do not increase`);
      if (b.symbol !== prev.symbol) problems.push(`${where}: symbol ${b.symbol} differs from ${prev.symbol}`);
    } else if (fromGenesis && b.prevHash !== GENESIS) {
      problems.push(`${where}: the first block does not start from genesis`);
    }
    const changes = b.changes ?? [];
    // Only a block that records a change may hold no tick (the change took effect in a quiet second).
    if (!Array.isArray(b.ticks) || (b.ticks.length === 0 && changes.length === 0)) problems.push(`${where}: no ticks`);
    for (const c of changes) {
      const faults = checkChange(c, Number(b.second));
      for (const p of faults) problems.push(`${where}: ${p}`);
      if (faults.length) continue;
      if (lastTo.has(c.field) && lastTo.get(c.field) !== c.from)
        problems.push(`${where}: change ${c.id} (${c.field}) starts from ${c.from}, but the previous change of ${c.field} set ${lastTo.get(c.field)}`);
      lastTo.set(c.field, c.to);
      if (c.field !== 'precision') continue;
      const from = JSON.parse(c.from);
      if (precision === null && widest && widest.decimals > from)
        problems.push(
          `${widest.where}: tick ${widest.seq} price ${widest.price} has ${widest.decimals} decimals, more than the precision ${from} in force before change ${c.id} at ${c.effectiveAt}`,
        );
      precision = { decimals: JSON.parse(c.to), change: c };
    }
    for (const k of Array.isArray(b.ticks) ? b.ticks : []) {
      const seq = BigInt(k.seq);
      if (lastSeq !== null && seq <= lastSeq) problems.push(`${where}: tick seq ${k.seq} does not increase`);
      lastSeq = seq;
      const ms = Date.parse(k.t);
      if (!(ms >= Number(b.second) * 1000 && ms < (Number(b.second) + 1) * 1000))
        problems.push(`${where}: tick ${k.seq} at ${k.t} is outside the block's second`);
      for (const p of checkTickSources(k)) problems.push(`${where}: ${p}`);
      const decimals = decimalsOf(k.price);
      if (decimals === null) continue;
      if (precision === null) {
        if (!widest || decimals > widest.decimals) widest = { decimals, seq: k.seq, price: k.price, where };
      } else if (decimals > precision.decimals)
        problems.push(
          `${where}: tick ${k.seq} price ${k.price} has ${decimals} decimals, more than the precision ${precision.decimals} in force since change ${precision.change.id} at ${precision.change.effectiveAt}`,
        );
    }
    prev = { ...b, lastSeq };
  }
  return problems;
}

/** An ISO time or epoch seconds/milliseconds -> epoch seconds. */
export function toSeconds(text) {
  if (/^\d{1,11}$/.test(text)) return Number(text);
  if (/^\d{12,13}$/.test(text)) return Math.floor(Number(text) / 1000);
  const ms = Date.parse(text);
  if (!Number.isFinite(ms)) throw new Error(`not a time: ${text}`);
  return Math.floor(ms / 1000);
}

export async function getJson(url, token) {
  const res = await fetch(url, { headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}${body?.error ? ` ${body.error.code}` : ''}`);
  return body;
}

/** Every published block of `symbol` with second in [fromSecond, toSecond], paging through the api. */
export async function fetchBlocks(api, symbol, fromSecond, toSecond) {
  const out = [];
  for (let from = fromSecond; from <= toSecond; from += PAGE) {
    const to = Math.min(toSecond, from + PAGE - 1); // the api answers at most 600 seconds a request
    out.push(...(await getJson(`${api}/api/products/${encodeURIComponent(symbol)}/blocks?from=${from}&to=${to}`)));
  }
  return out;
}

export function parseArgs(argv) {
  const flags = {};
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--from-genesis') flags.fromGenesis = true;
    else if (a.startsWith('--')) {
      const [k, v] = a.includes('=') ? a.slice(2).split(/=(.*)/s) : [a.slice(2), argv[++i]];
      flags[k] = v;
    } else rest.push(a);
  }
  return { flags, rest };
}

async function main() {
  const { flags, rest } = parseArgs(process.argv.slice(2));
  const [symbolArg, fromArg, toArg] = rest;
  if (!symbolArg) {
    console.error('usage: node scripts/verify-chain.mjs <SYMBOL> [from] [to] [--api http://localhost:3000] [--from-genesis]');
    process.exit(2);
  }
  const api = (flags.api ?? process.env.CANDOR_API ?? 'http://localhost:3000').replace(/\/+$/, '');
  const symbol = symbolArg.toUpperCase();
  const toSecond = toArg ? toSeconds(toArg) : Math.floor(Date.now() / 1000);
  const fromSecond = fromArg ? toSeconds(fromArg) : toSecond - 60;
  const blocks = await fetchBlocks(api, symbol, fromSecond, toSecond);
  if (blocks.length === 0) {
    console.log(`No blocks of ${symbol} between ${new Date(fromSecond * 1000).toISOString()} and ${new Date(toSecond * 1000).toISOString()}.`);
    return 0;
  }
  const problems = checkBlocks(blocks, { fromGenesis: !!flags.fromGenesis });
  const ticks = blocks.reduce((n, b) => n + (b.ticks?.length ?? 0), 0);
  const first = blocks[0];
  const last = blocks[blocks.length - 1];
  const changes = changesIn(blocks);
  const printChanges = () => {
    if (changes.length) console.log(`  ${changes.length} catalogue change${changes.length === 1 ? '' : 's'} in the range:`);
    for (const c of changes) console.log(`    ${c.field}: ${c.from} -> ${c.to} at ${c.effectiveAt} (block ${c.second}, change ${c.id})`);
  };
  if (problems.length) {
    console.log(`MISMATCH in ${symbol}'s tick record:`);
    for (const p of problems) console.log(`  - ${p}`);
    printChanges();
    return 1;
  }
  const fromExchanges = blocks.reduce((n, b) => n + (b.ticks ?? []).filter((k) => k.sources).length, 0);
  console.log(
    `OK: ${blocks.length} blocks, ${ticks} ticks of ${symbol} from ${new Date(Number(first.second) * 1000).toISOString()} to ${new Date(Number(last.second) * 1000).toISOString()} form an unbroken chain.`,
  );
  if (fromExchanges) console.log(`  ${fromExchanges} of the ticks were made from exchange quotes; each one's price was recomputed from its quotes`);
  console.log(`  first block prevHash ${first.prevHash}${first.prevHash === GENESIS ? ' (genesis)' : ''}`);
  console.log(`  last block hash      ${last.hash}`);
  printChanges();
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    (code) => process.exit(code),
    (e) => {
      console.error(`error: ${e.message}`);
      process.exit(2);
    },
  );
}
