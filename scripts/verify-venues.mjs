#!/usr/bin/env node
// Checks the exchange quotes a tick was made from against each exchange's own public trade history.
//
//   node scripts/verify-venues.mjs <orderId> [--api http://localhost:3000] [--token <accessToken>]
//   node scripts/verify-venues.mjs <tickSeq> --symbol <SYMBOL> [--at <time>] [--api ...]
//
// For an order (its receipt needs the owner's token, or CANDOR_TOKEN) the entry and exit ticks are checked;
// for a tick seq, that tick of the product (`--at`, an ISO time or epoch seconds near it, spares a search of
// the record). The ticks and their recorded quotes come from the public record
// (GET /api/products/:symbol/ticks), each exchange's market of the product from GET /api/products/:symbol
// (priceSource.venues; `--market binance=BTCUSDT` overrides one). Then, for every recorded quote, the
// exchange's public history of the second the quote is from (the exchange's own time of it when recorded,
// else when the feed received it):
//   binance   GET /api/v3/klines?symbol&interval=1s&startTime&endTime          (1 s klines)
//   okx       GET /api/v5/market/history-candles?instId&bar=1s&after&before     (1 s candles)
//   coinbase  GET /products/<product_id>/trades?limit&after                     (trades, paged by trade id)
//   kraken    GET /0/public/Trades?pair&since                                    (trades, paged by time)
// A quote passes when its bid..ask touches the exchange's traded low..high of that second, widened by
// --tolerance-bps (default 10) on each side: its mid inside the range always passes. An exchange that
// traded nothing in that second is looked at over +-1 s, then +-2 s (up to --widen, default 2; said so in
// the output); nothing traded then: the quote cannot be checked, which is not a pass.
// The exchanges' addresses: --binance-rest-url (https://api.binance.com), --okx-rest-url (https://www.okx.com),
// --coinbase-rest-url (https://api.exchange.coinbase.com), --kraken-rest-url (https://api.kraken.com).
// --json prints the result as JSON. Node built-ins only. Exit code 0 when every quote passes, 1 when one
// does not (or could not be checked), 2 on a usage error or when the platform cannot be read.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

export const DEFAULT_REST_URLS = {
  binance: 'https://api.binance.com',
  okx: 'https://www.okx.com',
  coinbase: 'https://api.exchange.coinbase.com',
  kraken: 'https://api.kraken.com',
};
const VENUES = Object.keys(DEFAULT_REST_URLS);
const MAX_PAGES = 30;
const TIMEOUT_MS = 15_000;

// ---------------------------------------------------------------------------
// Exact decimals: [bigint, decimals]

/** "12.5" / "12." / ".5" / "1.2e-5" (Kraken may send exponents) -> [bigint, decimals], or null. */
export function decimal(text) {
  const m = /^(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(String(text).trim());
  if (!m || (m[1] === '' && !m[2])) return null;
  let digits = (m[1] || '0') + (m[2] ?? '');
  let places = (m[2] ?? '').length - Number(m[3] ?? 0);
  if (places < 0) {
    digits += '0'.repeat(-places);
    places = 0;
  }
  return [BigInt(digits), places];
}
const at = ([v, d], scale) => v * 10n ** BigInt(scale - d);
const cmp = (a, b) => {
  const s = Math.max(a[1], b[1]);
  const x = at(a, s);
  const y = at(b, s);
  return x < y ? -1 : x > y ? 1 : 0;
};
const show = ([v, d]) => {
  const s = (v < 0n ? -v : v).toString().padStart(d + 1, '0');
  const text = d ? `${s.slice(0, -d)}.${s.slice(-d)}`.replace(/0+$/, '').replace(/\.$/, '') : s;
  return (v < 0n ? '-' : '') + text;
};
/** a moved by `bps` basis points (exact: four more decimals). */
const moveBps = (a, bps) => [a[0] * BigInt(10000 + bps), a[1] + 4];
/** (a - b) / b in basis points, as a number for display. */
const bpsFrom = (a, b) => {
  const s = Math.max(a[1], b[1]);
  return Number(((at(a, s) - at(b, s)) * 1_000_000n) / at(b, s)) / 100;
};

/**
 * The verdict on one quote against an exchange's traded low..high: pass when bid <= high x (1 + tol) and
 * ask >= low x (1 - tol), i.e. the bid..ask touches the widened range.
 */
export function judgeQuote({ bid, ask }, { low, high }, toleranceBps) {
  const b = decimal(bid);
  const a = decimal(ask);
  const lo = decimal(low);
  const hi = decimal(high);
  if (!b || !a || !lo || !hi) return { pass: false, note: 'not a valid quote or range' };
  const scale = Math.max(b[1], a[1]) + 1; // (bid + ask) / 2 is exact with one more decimal
  const mid = [(at(b, scale) + at(a, scale)) / 2n, scale];
  const pass = cmp(b, moveBps(hi, toleranceBps)) <= 0 && cmp(a, moveBps(lo, -toleranceBps)) >= 0;
  let where;
  if (cmp(mid, lo) < 0) where = `mid ${show(mid)} is ${Math.abs(bpsFrom(mid, lo)).toFixed(1)} bps below the low`;
  else if (cmp(mid, hi) > 0) where = `mid ${show(mid)} is ${bpsFrom(mid, hi).toFixed(1)} bps above the high`;
  else where = `mid ${show(mid)} inside`;
  return { pass, mid: show(mid), note: where };
}

// ---------------------------------------------------------------------------
// Exchange history: each fetcher returns the traded { low, high, trades } of every second in [from, to]
// that had trades (a map epoch second -> range).

async function getJson(url, what) {
  const res = await fetch(url, { headers: { Accept: 'application/json', 'User-Agent': 'candor-verify-venues' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await res.text();
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {
    /* reported below */
  }
  if (!res.ok || body === null) throw new Error(`${what}: HTTP ${res.status} ${text.slice(0, 200)}`);
  return { body, headers: res.headers };
}

function addPrice(seconds, second, price) {
  const p = decimal(price);
  if (!p || p[0] === 0n) return;
  const r = seconds.get(second);
  if (!r) seconds.set(second, { low: p, high: p, trades: 1 });
  else {
    if (cmp(p, r.low) < 0) r.low = p;
    if (cmp(p, r.high) > 0) r.high = p;
    r.trades++;
  }
}

function addCandle(seconds, second, low, high, trades) {
  const lo = decimal(low);
  const hi = decimal(high);
  if (!lo || !hi || lo[0] === 0n) return;
  seconds.set(second, { low: lo, high: hi, trades });
}

export const HISTORY = {
  /** Binance spot 1 s klines: [openTime, open, high, low, close, volume, closeTime, quoteVolume, trades, ...]. */
  async binance(base, symbol, from, to) {
    const url = `${base}/api/v3/klines?symbol=${encodeURIComponent(symbol)}&interval=1s&startTime=${from * 1000}&endTime=${to * 1000 + 999}&limit=1000`;
    const { body } = await getJson(url, 'binance klines');
    if (!Array.isArray(body)) throw new Error(`binance klines: unexpected answer ${JSON.stringify(body).slice(0, 200)}`);
    const seconds = new Map();
    for (const k of body) {
      if (!Array.isArray(k) || k.length < 9) continue;
      const trades = Number(k[8]);
      if (trades > 0) addCandle(seconds, Math.floor(Number(k[0]) / 1000), k[3], k[2], trades); // a kline without trades says nothing
    }
    return { seconds, source: '1 s klines', requests: 1 };
  },

  /** OKX 1 s candles, newest first: [ts, o, h, l, c, vol, volCcy, volCcyQuote, confirm]; after/before are exclusive. */
  async okx(base, symbol, from, to) {
    const url = `${base}/api/v5/market/history-candles?instId=${encodeURIComponent(symbol)}&bar=1s&after=${(to + 1) * 1000}&before=${from * 1000 - 1}&limit=100`;
    const { body } = await getJson(url, 'okx candles');
    if (body?.code !== '0' || !Array.isArray(body.data))
      throw new Error(`okx candles: ${body?.code ?? '?'} ${body?.msg ?? JSON.stringify(body).slice(0, 200)}`);
    const seconds = new Map();
    for (const c of body.data) {
      if (!Array.isArray(c) || c.length < 6) continue;
      const vol = decimal(c[5]);
      if (vol && vol[0] > 0n) addCandle(seconds, Math.floor(Number(c[0]) / 1000), c[3], c[2], null);
    }
    return { seconds, source: '1 s candles', requests: 1 };
  },

  /**
   * Coinbase Exchange trades, newest first, 1000 a page; `after=<id>` gives the trades with smaller ids. The
   * recorded quote's trade id (a ticker is sent on a trade) places the first page near the second; then pages
   * go newer and older until the window is covered.
   */
  async coinbase(base, symbol, from, to, hint) {
    const seconds = new Map();
    const seen = new Set();
    let requests = 0;
    const page = async (after) => {
      requests++;
      const url = `${base}/products/${encodeURIComponent(symbol)}/trades?limit=1000${after ? `&after=${after}` : ''}`;
      const { body } = await getJson(url, 'coinbase trades');
      if (!Array.isArray(body)) throw new Error(`coinbase trades: ${body?.message ?? JSON.stringify(body).slice(0, 200)}`);
      const trades = body.filter((x) => x && Number.isSafeInteger(x.trade_id) && typeof x.price === 'string' && Number.isFinite(Date.parse(x.time)));
      for (const x of trades) {
        if (seen.has(x.trade_id)) continue;
        seen.add(x.trade_id);
        const s = Math.floor(Date.parse(x.time) / 1000);
        if (s >= from && s <= to) addPrice(seconds, s, x.price);
      }
      const ids = trades.map((x) => x.trade_id);
      const times = trades.map((x) => Date.parse(x.time));
      return { n: trades.length, minId: Math.min(...ids), maxId: Math.max(...ids), oldest: Math.min(...times), newest: Math.max(...times) };
    };
    const id = /^\d{1,15}$/.test(hint?.venueId ?? '') ? Number(hint.venueId) : null;
    let cursor = id !== null ? id + 501 : null;
    const first = await page(cursor);
    const tooMany = () => new Error(`coinbase trades: the window was not covered in ${MAX_PAGES} pages`);
    // Newer pages while the window may go on past the first page (a page short of its cursor is the head of the tape).
    let top = first;
    while (cursor !== null && top.n > 0 && top.newest < (to + 1) * 1000 && top.maxId === cursor - 1) {
      if (requests >= MAX_PAGES) throw tooMany();
      cursor += 1000;
      top = await page(cursor);
    }
    // Older pages until one starts before the window (or the tape's first trade).
    let bottom = first;
    while (bottom.n > 0 && bottom.oldest >= from * 1000) {
      if (requests >= MAX_PAGES) throw tooMany();
      bottom = await page(bottom.minId);
    }
    return { seconds, source: 'trades', requests };
  },

  /** Kraken trades since a time (ns), oldest first: [price, volume, time, side, type, misc, id]; `last` pages on. */
  async kraken(base, symbol, from, to) {
    const pair = krakenRestPair(symbol);
    const seconds = new Map();
    let since = `${BigInt(from) * 1_000_000_000n - 1n}`;
    let requests = 0;
    for (;;) {
      requests++;
      const { body } = await getJson(`${base}/0/public/Trades?pair=${encodeURIComponent(pair)}&since=${since}&count=1000`, 'kraken trades');
      if (Array.isArray(body?.error) && body.error.length) throw new Error(`kraken trades: ${body.error.join(', ')}`);
      const result = body?.result ?? {};
      const key = Object.keys(result).find((k) => k !== 'last');
      const trades = key && Array.isArray(result[key]) ? result[key] : [];
      let newest = -Infinity;
      for (const x of trades) {
        if (!Array.isArray(x) || x.length < 3) continue;
        const ms = Number(x[2]) * 1000;
        newest = Math.max(newest, ms);
        const s = Math.floor(ms / 1000);
        if (s >= from && s <= to) addPrice(seconds, s, String(x[0]));
      }
      if (trades.length === 0 || newest >= (to + 1) * 1000 || typeof result.last !== 'string' || result.last === since) break;
      if (requests >= MAX_PAGES) throw new Error(`kraken trades: the window was not covered in ${MAX_PAGES} pages`);
      since = result.last;
    }
    return { seconds, source: 'trades', requests };
  },
};

/** Kraken's REST name of a WebSocket v2 market: BTC/USDT -> XBTUSDT (REST keeps Kraken's older asset codes). */
export function krakenRestPair(symbol) {
  const [base, quote] = symbol.split('/');
  if (!quote) return symbol;
  const legacy = { BTC: 'XBT', DOGE: 'XDG' };
  return `${legacy[base] ?? base}${legacy[quote] ?? quote}`;
}

/** The second a recorded quote is from: the exchange's own time when recorded, else when the feed received it. */
export function quoteSecond(source) {
  const own = source.venueTs ? Date.parse(source.venueTs) : NaN;
  if (Number.isFinite(own)) return { second: Math.floor(own / 1000), clock: 'exchange time' };
  return { second: Math.floor(Date.parse(source.receivedAt) / 1000), clock: 'received' };
}

/** The traded range of `second`, or of the narrowest window around it (up to +-widen s) with trades. */
export function rangeAround(seconds, second, widen) {
  for (let w = 0; w <= widen; w++) {
    let low = null;
    let high = null;
    let trades = 0;
    for (let s = second - w; s <= second + w; s++) {
      const r = seconds.get(s);
      if (!r) continue;
      if (!low || cmp(r.low, low) < 0) low = r.low;
      if (!high || cmp(r.high, high) > 0) high = r.high;
      trades += r.trades ?? 0;
    }
    if (low) return { low: show(low), high: show(high), widenedBy: w, trades: trades || null };
  }
  return null;
}

/**
 * Checks the recorded quotes of some ticks. `ticks`: [{ seq, t, price, sources, rule }], `markets`: venue ->
 * the product's symbol there, `urls`: venue -> REST base. Returns { quotes: [...], pass }.
 */
export async function checkTicks(ticks, { markets, urls, toleranceBps, widen, history = HISTORY }) {
  const cache = new Map();
  const quotes = [];
  for (const tick of ticks) {
    for (const s of tick.sources ?? []) {
      const row = { tick: tick.seq, venue: s.venue, symbol: markets[s.venue] ?? null, bid: s.bid, ask: s.ask, used: s.used, reason: s.reason };
      quotes.push(row);
      if (!decimal(s.bid) || !decimal(s.ask) || s.reason === 'invalid') {
        row.status = 'skipped';
        row.note = 'not a valid quote (recorded as such, never used)';
        continue;
      }
      const { second, clock } = quoteSecond(s);
      Object.assign(row, { second, clock });
      if (!VENUES.includes(s.venue)) {
        row.status = 'unchecked';
        row.note = `no public history known for ${s.venue}`;
        continue;
      }
      if (!row.symbol) {
        row.status = 'unchecked';
        row.note = `the product names no market on ${s.venue} (give --market ${s.venue}=<symbol>)`;
        continue;
      }
      const key = `${s.venue}|${row.symbol}|${second}`;
      if (!cache.has(key))
        cache.set(
          key,
          history[s.venue](urls[s.venue], row.symbol, second - widen, second + widen, s).catch((e) => ({ error: e.message })),
        );
      const h = await cache.get(key);
      if (h.error) {
        row.status = 'unchecked';
        row.note = h.error;
        continue;
      }
      row.source = h.source;
      const range = rangeAround(h.seconds, second, widen);
      if (!range) {
        row.status = 'unchecked';
        row.note = `no trades on ${s.venue} within ${widen} s of that second`;
        continue;
      }
      Object.assign(row, range);
      const v = judgeQuote(s, range, toleranceBps);
      row.mid = v.mid;
      row.status = v.pass ? 'ok' : 'OUT OF RANGE';
      row.note = v.note;
    }
  }
  return { quotes, pass: quotes.length > 0 && quotes.every((q) => q.status === 'ok' || q.status === 'skipped') };
}

// ---------------------------------------------------------------------------
// The platform

async function platformJson(url, token) {
  const res = await fetch(url, {
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}${body?.error ? ` ${body.error.code}` : ''}`);
  return body;
}

/** The sealed ticks of the seconds from..to (inclusive; the api takes epoch milliseconds). */
const ticksIn = (api, symbol, from, to) => platformJson(`${api}/api/products/${encodeURIComponent(symbol)}/ticks?from=${from * 1000}&to=${to * 1000 + 999}`);

/**
 * A tick of the public record by its seq. Near `atSecond` when given; otherwise a bisection of the last
 * `days` by time (seqs grow with time): each probe reads 10 s of the record, and a probe that finds nothing
 * reads on in 10-minute pages to the next tick, for up to an hour (a longer gap is taken for the time before
 * the record began: give `atSecond` for a tick just before a long halt).
 */
export async function findTick(api, symbol, seq, { atSecond = null, days = 7, nowSecond = Math.floor(Date.now() / 1000) } = {}) {
  const want = BigInt(seq);
  const found = (ticks) => ticks.find((k) => k.seq === String(want)) ?? null;
  if (atSecond !== null) return found(await ticksIn(api, symbol, atSecond - 5, atSecond + 5));
  let lo = nowSecond - days * 86400;
  let hi = nowSecond + 1;
  for (let probes = 0; hi - lo > 10 && probes < 80; probes++) {
    const mid = Math.floor((lo + hi) / 2);
    let ticks = await ticksIn(api, symbol, mid, mid + 9);
    let from = mid + 10;
    for (let pages = 0; ticks.length === 0 && from < hi && pages < 6; pages++, from += 600) ticks = await ticksIn(api, symbol, from, Math.min(hi, from + 599));
    if (ticks.length === 0) {
      lo = from; // an hour without ticks: most likely before the product's record began
      continue;
    }
    const hit = found(ticks);
    if (hit) return hit;
    if (BigInt(ticks[0].seq) > want) hi = mid;
    else if (BigInt(ticks[ticks.length - 1].seq) < want) lo = Math.floor(Date.parse(ticks[ticks.length - 1].t) / 1000);
    else return null; // inside the probe's seqs, yet not there
  }
  return lo <= hi ? found(await ticksIn(api, symbol, lo, Math.min(hi, lo + 599))) : null;
}

/** The record's ticks an order used (entry and exit, from the public record, not the receipt). */
async function orderTicks(api, id, token) {
  const receipt = await platformJson(`${api}/api/orders/${encodeURIComponent(id)}/receipt`, token);
  const { order } = receipt;
  const out = [];
  for (const [which, ref] of [
    ['entry', receipt.entryTick],
    ['exit', receipt.exitTick],
  ]) {
    if (!ref) continue;
    const second = Math.floor(Date.parse(ref.t) / 1000);
    const tick = (await ticksIn(api, order.symbol, second, second)).find((k) => k.seq === String(ref.seq));
    out.push({ which, seq: String(ref.seq), tick: tick ?? null });
  }
  return { symbol: order.symbol, order, ticks: out };
}

function usage(message) {
  if (message) console.error(`error: ${message}`);
  console.error(
    'usage: node scripts/verify-venues.mjs <orderId | tickSeq --symbol SYMBOL [--at time]> [--api http://localhost:3000] [--token T]\n' +
      '       [--tolerance-bps 10] [--widen 2] [--market venue=symbol ...] [--binance-rest-url U] [--okx-rest-url U]\n' +
      '       [--coinbase-rest-url U] [--kraken-rest-url U] [--json]',
  );
  return 2;
}

function toSecond(text) {
  if (/^\d{1,11}$/.test(text)) return Number(text);
  if (/^\d{12,13}$/.test(text)) return Math.floor(Number(text) / 1000);
  const ms = Date.parse(text);
  if (!Number.isFinite(ms)) throw new Error(`not a time: ${text}`);
  return Math.floor(ms / 1000);
}

async function main(argv) {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        api: { type: 'string' },
        token: { type: 'string' },
        symbol: { type: 'string' },
        at: { type: 'string' },
        days: { type: 'string', default: '7' },
        'tolerance-bps': { type: 'string', default: '10' },
        widen: { type: 'string', default: '2' },
        market: { type: 'string', multiple: true, default: [] },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
        ...Object.fromEntries(VENUES.map((v) => [`${v}-rest-url`, { type: 'string' }])),
      },
    });
  } catch (e) {
    return usage(e.message);
  }
  const { values: o, positionals } = args;
  if (o.help) {
    usage();
    return 0;
  }
  if (positionals.length !== 1) return usage('give one order id or tick seq');
  const tolerance = Number(o['tolerance-bps']);
  const widen = Number(o.widen);
  if (!Number.isInteger(tolerance) || tolerance < 0 || tolerance > 10000) return usage('--tolerance-bps must be a whole number of basis points');
  if (!Number.isInteger(widen) || widen < 0 || widen > 60) return usage('--widen must be 0 to 60 seconds');
  const api = (o.api ?? process.env.CANDOR_API ?? 'http://localhost:3000').replace(/\/+$/, '');
  const urls = Object.fromEntries(VENUES.map((v) => [v, (o[`${v}-rest-url`] ?? DEFAULT_REST_URLS[v]).replace(/\/+$/, '')]));
  const arg = positionals[0];

  let symbol;
  let picked;
  let heading;
  try {
    if (/^\d+$/.test(arg)) {
      if (!o.symbol) return usage('a tick seq needs --symbol');
      symbol = o.symbol.toUpperCase();
      const tick = await findTick(api, symbol, arg, { atSecond: o.at ? toSecond(o.at) : null, days: Number(o.days) });
      if (!tick) {
        console.error(
          `error: no tick ${arg} of ${symbol} in the public record${o.at ? ` near ${o.at}` : ` of the last ${o.days} days`} (is its second sealed yet?)`,
        );
        return 2;
      }
      picked = [{ which: 'tick', seq: tick.seq, tick }];
      heading = `Tick ${tick.seq} of ${symbol}`;
    } else {
      const token = o.token ?? process.env.CANDOR_TOKEN;
      const r = await orderTicks(api, arg, token);
      symbol = r.symbol;
      picked = r.ticks;
      heading = `Order ${r.order.orderNo ?? r.order.id}: ${r.order.direction} ${symbol}, ${r.order.status}`;
    }
  } catch (e) {
    console.error(`error: ${e.message}`);
    return 2;
  }
  let product;
  try {
    product = await platformJson(`${api}/api/products/${encodeURIComponent(symbol)}`);
  } catch (e) {
    console.error(`error: ${e.message}`);
    return 2;
  }
  const markets = Object.fromEntries((product.priceSource?.venues ?? []).map((v) => [v.venue, v.symbol]));
  for (const m of o.market) {
    const [venue, sym] = m.split('=');
    if (!venue || !sym) return usage(`--market ${m}: give venue=symbol`);
    markets[venue] = sym;
  }

  const problems = [];
  const withSources = [];
  for (const p of picked) {
    if (!p.tick) problems.push(`${p.which} tick ${p.seq}: not in the public record yet (its second is not sealed?)`);
    else if (!p.tick.sources)
      problems.push(`${p.which} tick ${p.seq}: not made from exchange quotes (a simulated or replayed price): nothing to check against the exchanges`);
    else withSources.push({ ...p.tick, which: p.which });
  }
  const result = await checkTicks(withSources, { markets, urls, toleranceBps: tolerance, widen });
  const pass = problems.length === 0 && result.pass;
  if (o.json) {
    console.log(
      JSON.stringify(
        {
          pass,
          toleranceBps: tolerance,
          widen,
          symbol,
          ticks: withSources.map(({ seq, t, price, which }) => ({ which, seq, t, price })),
          quotes: result.quotes,
          problems,
        },
        null,
        2,
      ),
    );
    return pass ? 0 : 1;
  }
  console.log(heading);
  for (const tick of withSources) {
    const used = tick.sources.filter((s) => s.used).length;
    console.log(
      `  ${tick.which} tick ${tick.seq} at ${tick.t}: ${tick.price}, the median of ${used} of ${tick.sources.length} exchange quotes (${tick.rule?.name} v${tick.rule?.version})`,
    );
    for (const q of result.quotes.filter((x) => x.tick === tick.seq)) {
      const quote = `${q.venue.padEnd(8)} ${String(q.symbol ?? '?').padEnd(10)} ${q.bid}/${q.ask}${q.used ? '' : ` (dropped: ${q.reason})`}`;
      const when = q.second !== undefined ? ` at ${new Date(q.second * 1000).toISOString().slice(11, 19)} (${q.clock})` : '';
      const range = q.low
        ? `; traded ${q.low}..${q.high}${q.widenedBy ? ` within +-${q.widenedBy} s (nothing in that second)` : ' in that second'} (${q.source})`
        : '';
      console.log(`    ${q.status.padEnd(12)} ${quote}${when}${range}${q.note ? `: ${q.note}` : ''}`);
    }
  }
  console.log(`  tolerance: +-${tolerance} bps around each exchange's traded low..high; up to +-${widen} s around the second when it traded nothing then`);
  for (const p of problems) console.log(`  - ${p}`);
  const failed = result.quotes.filter((q) => q.status !== 'ok' && q.status !== 'skipped');
  if (pass) console.log(`OK: all ${result.quotes.filter((q) => q.status === 'ok').length} exchange quotes lie within their exchanges' own traded ranges.`);
  else
    console.log(
      `MISMATCH: ${failed.length} of ${result.quotes.length} quotes ${failed.length === 1 ? 'is' : 'are'} outside their exchange's range or could not be checked${problems.length ? `; ${problems.length} tick problem(s)` : ''}.`,
    );
  return pass ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(`error: ${e.stack ?? e.message}`);
      process.exit(2);
    },
  );
}
