#!/usr/bin/env node
// Checks a settled order against the public tick record, without trusting anything but the hashes.
//
//   node scripts/verify-receipt.mjs <orderId> [--api http://localhost:3000] [--token <accessToken>]
//
// (the token can also come from CANDOR_TOKEN). It fetches the order's receipt
// (GET /api/orders/:id/receipt -> { order, entryTick, exitTick, closeRule, graceMs, staleMs, halt?, gap? },
// each tick { seq, t, price, blockSecond, blockHash }), then the public blocks from the entry tick's second
// to a few seconds past the exit tick or the expiry (GET /api/products/:symbol/blocks), and checks:
//   - the blocks form an unbroken chain (every hash recomputed here with node:crypto, every
//     prevHash equal to the previous block's hash, every catalogue change record sound; see
//     scripts/verify-chain.mjs);
//   - each named tick is in the named block (second and hash) with the same price and time;
//   - the order's open and close prices and times are those ticks';
//   - the terms the order opened with, which it carries: its open price (and the record's entry tick) has
//     exactly `precision` decimals; `payoutRate` is a rate; `expiresAt` is a whole second, `durationSeconds`
//     to 4 s after `openedAt` (the expiry is the first whole second at or after the request + the duration,
//     and the entry tick is the latest one, under 3 s old, at the request); a price made from exchange
//     quotes used only the order's markets (`priceVenues`);
//   - the close rule: when the last tick at or before the expiry is at most `staleMs` old at the expiry
//     and no halt is named, the exit tick is that tick (closeRule "expiry"; the next one is later);
//     otherwise (a halt, or a gap in the feed) the exit tick is the first tick after the expiry and within
//     the grace period (closeRule "halt"), with no tick from the halt's start to the expiry; a voided order
//     (closeRule "void") has no tick within the grace period either, and its whole stake came back;
//   - each tick made from exchange quotes carries the same quotes in the receipt as in the record, and
//     its price is the median of the used quotes (recomputed by verify-chain.mjs's checks);
//   - the outcome follows from the two prices at the order's precision (the close rounded half up to it)
//     and the direction (equal = tie), and the payout from the stake and the order's payoutRate
//     (win: stake + floor(stake x rate); tie: stake; loss: 0);
//   - no precision change took effect between the entry and the close (any other catalogue change there
//     is reported as a note; the platform refuses an order whose expiry would reach a pending change).
// Prints the order's opening terms, then OK or every mismatch. Exit code 0 when everything matches,
// 1 on a mismatch, 2 on a usage or network error.
import { pathToFileURL } from 'node:url';
import { canonicalTick, changesIn, checkBlocks, fetchBlocks, getJson, parseArgs } from './verify-chain.mjs';

/** Exact decimal text -> [bigint, scale]. */
function parseDecimal(text) {
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(String(text));
  if (!m) throw new Error(`not a decimal: ${text}`);
  const frac = m[3] ?? '';
  const v = BigInt(m[2] + frac);
  return [m[1] ? -v : v, frac.length];
}

export function compareDecimal(a, b) {
  const [x, sx] = parseDecimal(a);
  const [y, sy] = parseDecimal(b);
  const s = Math.max(sx, sy);
  const xx = x * 10n ** BigInt(s - sx);
  const yy = y * 10n ** BigInt(s - sy);
  return xx === yy ? 0 : xx < yy ? -1 : 1;
}

/** "12.50" -> 1250n (cents). */
function cents(money) {
  const [v, scale] = parseDecimal(money);
  if (scale > 2) throw new Error(`more than 2 decimals: ${money}`);
  return v * 10n ** BigInt(2 - scale);
}

/** "0.85" -> 8500n (rate units of 0.0001). */
function rateUnits(rate) {
  const [v, scale] = parseDecimal(rate);
  if (scale > 4) throw new Error(`more than 4 decimals: ${rate}`);
  return v * 10n ** BigInt(4 - scale);
}

const sameInstant = (a, b) => Number.isFinite(Date.parse(a)) && Date.parse(a) === Date.parse(b);

/** Decimals of a decimal text ("100.50" -> 2), or null when it is not one. */
function decimalsOf(text) {
  try {
    return parseDecimal(text)[1];
  } catch {
    return null;
  }
}

/** A price rounded half up (away from zero) to `places` decimals, as text with exactly that many. */
export function roundHalfUp(price, places) {
  const [v, scale] = parseDecimal(price);
  const abs = v < 0n ? -v : v;
  const f = 10n ** BigInt(Math.max(0, scale - places));
  const r = scale <= places ? abs * 10n ** BigInt(places - scale) : (abs * 2n + f) / (2n * f);
  const digits = r.toString().padStart(places + 1, '0');
  return `${v < 0n && r !== 0n ? '-' : ''}${places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits}`;
}

const validPrecision = (p) => Number.isSafeInteger(p) && p >= 0 && p <= 18;
/** The order's markets as text: "binance BTCUSDT, okx BTC-USDT". */
export const marketsText = (venues) =>
  Array.isArray(venues) ? (venues.length ? venues.map((m) => `${m?.venue} ${m?.symbol}`).join(', ') : 'none (simulated prices)') : '(not stated)';

/**
 * Problems with the terms an order opened with, against its entry tick (the record's, when found): the
 * precision and the open price's decimals, the payout rate, the duration and expiry, and the markets the
 * entry price was made from.
 */
export function checkOpeningTerms(order, entry) {
  const problems = [];
  if (!validPrecision(order.precision)) problems.push(`the order does not state the precision it opened with (precision ${order.precision})`);
  else {
    if (decimalsOf(order.openPrice) !== order.precision)
      problems.push(`open price ${order.openPrice} does not have the order's precision of ${order.precision} decimals`);
    if (entry && decimalsOf(entry.price) !== order.precision)
      problems.push(`the entry tick's price ${entry.price} does not have the order's precision of ${order.precision} decimals`);
  }
  let rate = null;
  try {
    rate = rateUnits(order.payoutRate);
  } catch {
    /* reported below */
  }
  if (rate === null || rate <= 0n) problems.push(`payout rate ${order.payoutRate} is not a positive rate of at most 4 decimals`);
  const duration = order.durationSeconds;
  const expiry = Date.parse(order.expiresAt);
  const opened = Date.parse(order.openedAt);
  if (!Number.isSafeInteger(duration) || duration <= 0) problems.push(`durationSeconds ${duration} is not a whole number of seconds`);
  else if (!Number.isFinite(expiry) || expiry % 1000 !== 0) problems.push(`expiresAt ${order.expiresAt} is not a whole second`);
  else if (Number.isFinite(opened) && !(expiry - opened >= duration * 1000 && expiry - opened < (duration + 4) * 1000))
    problems.push(
      `expiresAt ${order.expiresAt} is ${(expiry - opened) / 1000} s after openedAt ${order.openedAt}: a ${duration} s order expires ${duration} s to ${duration + 4} s after the tick it opened on`,
    );
  if (!Array.isArray(order.priceVenues) || !order.priceVenues.every((m) => typeof m?.venue === 'string' && typeof m?.symbol === 'string'))
    problems.push('the order does not state the markets it opened with (priceVenues)');
  else if (Array.isArray(entry?.sources)) {
    const venues = new Set(order.priceVenues.map((m) => m.venue));
    for (const x of entry.sources)
      if (x.used && !venues.has(x.venue))
        problems.push(`the entry tick ${entry.seq} used ${x.venue}'s quote, which is not among the order's markets (${marketsText(order.priceVenues)})`);
  }
  return problems;
}

/** Checks a receipt against blocks (already fetched); returns { problems, notes }. */
export function checkReceipt(receipt, blocks) {
  const problems = [];
  const notes = [];
  const { order, entryTick, exitTick } = receipt;
  problems.push(...checkBlocks(blocks));
  for (const b of blocks) if (b.symbol !== order.symbol) problems.push(`block ${b.second} belongs to ${b.symbol}, not ${order.symbol}`);

  const locate = (which, ref) => {
    if (!ref) return null;
    if (ref.blockSecond == null || ref.blockHash == null) {
      problems.push(`${which} tick ${ref.seq}: its block is not sealed yet (try again in a few seconds)`);
      return null;
    }
    const block = blocks.find((b) => String(b.second) === String(ref.blockSecond));
    if (!block) {
      problems.push(`${which} tick: no published block for second ${ref.blockSecond}`);
      return null;
    }
    if (block.hash !== ref.blockHash) problems.push(`${which} tick: the receipt names block hash ${ref.blockHash}, the record has ${block.hash}`);
    const tick = block.ticks.find((k) => k.seq === String(ref.seq));
    if (!tick) {
      problems.push(`${which} tick: seq ${ref.seq} is not in block ${ref.blockSecond}`);
      return null;
    }
    if (compareDecimal(tick.price, ref.price) !== 0)
      problems.push(`${which} tick ${ref.seq}: the receipt says price ${ref.price}, the record says ${tick.price}`);
    if (!sameInstant(tick.t, ref.t)) problems.push(`${which} tick ${ref.seq}: the receipt says time ${ref.t}, the record says ${tick.t}`);
    if (JSON.stringify(canonicalTick({ ...ref, t: tick.t, price: tick.price, seq: tick.seq })) !== JSON.stringify(canonicalTick(tick)))
      problems.push(`${which} tick ${ref.seq}: the receipt's exchange quotes differ from the record's`);
    return tick;
  };
  const entry = locate('entry', entryTick);
  const exit = locate('exit', exitTick);
  problems.push(...checkOpeningTerms(order, entry ?? entryTick));

  if (entryTick) {
    if (compareDecimal(order.openPrice, entryTick.price) !== 0) problems.push(`open price ${order.openPrice} is not the entry tick's price ${entryTick.price}`);
    if (!sameInstant(order.openedAt, entryTick.t)) problems.push(`openedAt ${order.openedAt} is not the entry tick's time ${entryTick.t}`);
  }
  const expiry = Date.parse(order.expiresAt);
  const graceMs = Number(receipt.graceMs ?? 0);
  const staleMs = receipt.staleMs;
  if (!Number.isSafeInteger(staleMs) || staleMs <= 0) problems.push(`the receipt does not state the feed's staleness limit (staleMs ${staleMs})`);
  const allTicks = blocks.flatMap((b) => b.ticks ?? []);

  // Catalogue changes recorded while the order was open: the platform never lets one reach an open order, and
  // a precision change would change how its prices compare.
  const closeEnd = exitTick ? Date.parse(exitTick.t) : expiry + graceMs;
  for (const c of changesIn(blocks)) {
    const at = Date.parse(c.effectiveAt);
    if (!(at > Date.parse(entryTick.t) && at <= closeEnd)) continue;
    notes.push(`a catalogue change took effect while the order was open: ${c.field} ${c.from} -> ${c.to} at ${c.effectiveAt} (block ${c.second})`);
    if (c.field === 'precision')
      problems.push(`the order straddled a precision change (${c.from} -> ${c.to} at ${c.effectiveAt}) between its entry and its close`);
  }

  // The last tick at or before the expiry (of equal times, the later recorded) and its age then: older than
  // staleMs (a gap in the feed), or a halt, and the halt rule applies instead of the expiry rule.
  const lastBefore = allTicks
    .filter((k) => Date.parse(k.t) <= expiry)
    .reduce((a, k) => (!a || Date.parse(k.t) > Date.parse(a.t) || (Date.parse(k.t) === Date.parse(a.t) && BigInt(k.seq) > BigInt(a.seq)) ? k : a), null);
  const age = lastBefore ? expiry - Date.parse(lastBefore.t) : null;
  const stale = age !== null && Number.isSafeInteger(staleMs) && age > staleMs;
  const lastText = lastBefore ? `the last tick at or before the expiry (${lastBefore.seq} at ${lastBefore.t}) was ${age} ms old at the expiry` : null;
  const haltStart = receipt.halt ? Date.parse(receipt.halt.startedAt) : null;
  const finished = order.status === 'settled' || order.status === 'voided';
  if (finished && receipt.closeRule !== 'expiry' && receipt.closeRule !== 'halt' && receipt.closeRule !== 'void')
    problems.push(`the receipt does not say how the close was chosen (closeRule ${receipt.closeRule})`);
  if (receipt.closeRule === 'expiry') {
    if (receipt.halt) problems.push('the receipt names a halt at the expiry, yet closed the order by the expiry rule');
    if (stale)
      problems.push(
        `${lastText}, more than staleMs (${staleMs} ms): the halt rule applies (the first tick within the grace period, else void), not the expiry rule`,
      );
  }
  if (receipt.closeRule === 'halt' || receipt.closeRule === 'void') {
    if (haltStart !== null) {
      const during = allTicks.find((k) => Date.parse(k.t) > haltStart && Date.parse(k.t) <= expiry);
      if (during) problems.push(`tick ${during.seq} at ${during.t} lies between the halt's start and the expiry: the expiry was not in a halt`);
      if (haltStart < Date.parse(entryTick.t)) notes.push('the halt began before the entry tick; only its part after the entry is in the fetched record');
    } else if (lastBefore && !stale) {
      problems.push(`${lastText}, within staleMs (${staleMs} ms), and no halt is named: the order closes on it (rule expiry), not by the halt rule`);
    } else if (lastBefore) {
      notes.push(`${lastText}, more than staleMs (${staleMs} ms): a gap in the feed, so the halt rule applies`);
      if (!receipt.gap) notes.push('the receipt names neither a halt nor the gap');
      else if (!sameInstant(receipt.gap.lastTickAt, lastBefore.t))
        problems.push(`the receipt says the last tick before the gap was at ${receipt.gap.lastTickAt}, the record says ${lastBefore.t}`);
    } else notes.push('no tick at or before the expiry is in the fetched record, so the gap could not be checked');
  }
  if (order.status === 'voided') {
    if (receipt.closeRule !== 'void') problems.push('the order is voided but its receipt does not say so');
    const within = allTicks.find((k) => Date.parse(k.t) > expiry && Date.parse(k.t) <= expiry + graceMs);
    if (within) problems.push(`tick ${within.seq} at ${within.t} came within the grace period: the order should have closed on it, not been voided`);
    if (cents(order.payout) !== cents(order.amount) || cents(order.pnl) !== 0n)
      problems.push(`a voided order refunds its stake exactly: payout ${order.payout}, pnl ${order.pnl}`);
    if (exitTick) problems.push('a voided order names an exit tick');
    return { problems, notes };
  }
  if (order.status !== 'settled') {
    notes.push(`the order is ${order.status}: only its entry was checked`);
    return { problems, notes };
  }
  if (!exitTick) {
    problems.push('the order is settled but its receipt names no exit tick');
    return { problems, notes };
  }
  if (compareDecimal(order.closePrice, exitTick.price) !== 0) problems.push(`close price ${order.closePrice} is not the exit tick's price ${exitTick.price}`);
  if (!sameInstant(order.closedAt, exitTick.t)) problems.push(`closedAt ${order.closedAt} is not the exit tick's time ${exitTick.t}`);
  if (BigInt(exitTick.seq) < BigInt(entryTick.seq)) problems.push('the exit tick comes before the entry tick');
  if (receipt.closeRule === 'halt') {
    const at = Date.parse(exitTick.t);
    if (!(at > expiry && at <= expiry + graceMs))
      problems.push(`the exit tick (${exitTick.t}) is not within the grace period after the expiry (${order.expiresAt})`);
    const earlier = allTicks.find((k) => Date.parse(k.t) > expiry && BigInt(k.seq) < BigInt(exitTick.seq));
    if (earlier) problems.push(`tick ${earlier.seq} at ${earlier.t} came after the expiry and before the exit tick: it should have closed the order`);
  } else if (Date.parse(exitTick.t) > expiry) problems.push(`the exit tick (${exitTick.t}) is after the expiry (${order.expiresAt})`);
  else if (exit) {
    const later = allTicks.find((k) => BigInt(k.seq) > BigInt(exitTick.seq));
    if (!later) notes.push('no tick after the exit tick is published yet, so "last tick at or before the expiry" could not be checked');
    else if (Date.parse(later.t) <= expiry)
      problems.push(`tick ${later.seq} at ${later.t} is also at or before the expiry: the exit tick should have been it or a later one`);
  }

  // Prices compare at the order's precision: the close is rounded half up to it (the open already has it).
  const precise = validPrecision(order.precision);
  const close = precise ? roundHalfUp(order.closePrice, order.precision) : order.closePrice;
  const c = compareDecimal(close, order.openPrice);
  const outcome = c === 0 ? 'tie' : (order.direction === 'up') === c > 0 ? 'win' : 'loss';
  if (order.outcome !== outcome) {
    const rounded = close !== order.closePrice ? ` (${close} at ${order.precision} decimals)` : '';
    problems.push(`outcome is ${order.outcome}, but ${order.direction} from ${order.openPrice} to ${order.closePrice}${rounded} is a ${outcome}`);
  }
  const stake = cents(order.amount);
  let rate = null;
  try {
    rate = rateUnits(order.payoutRate);
  } catch {
    /* an invalid rate is reported with the opening terms */
  }
  const expectedPayout = outcome === 'win' ? (rate === null ? null : stake + (stake * rate) / 10000n) : outcome === 'tie' ? stake : 0n;
  if (order.payout !== undefined && expectedPayout !== null && cents(order.payout) !== expectedPayout) {
    problems.push(
      `payout is ${order.payout}, but the rule gives ${(Number(expectedPayout) / 100).toFixed(2)} for a ${outcome} of ${order.amount} at ${order.payoutRate}`,
    );
  }
  return { problems, notes };
}

async function main() {
  const { flags, rest } = parseArgs(process.argv.slice(2));
  const [orderId] = rest;
  if (!orderId) {
    console.error('usage: node scripts/verify-receipt.mjs <orderId> [--api http://localhost:3000] [--token <accessToken>]');
    return 2;
  }
  const api = (flags.api ?? process.env.CANDOR_API ?? 'http://localhost:3000').replace(/\/+$/, '');
  const token = flags.token ?? process.env.CANDOR_TOKEN;
  const receipt = await getJson(`${api}/api/orders/${encodeURIComponent(orderId)}/receipt`, token);
  const { order, entryTick, exitTick } = receipt;
  const second = (ref) => (ref?.blockSecond != null ? Number(ref.blockSecond) : Math.floor(Date.parse(ref.t) / 1000));
  const from = Math.min(second(entryTick), receipt.halt ? Math.floor(Date.parse(receipt.halt.startedAt) / 1000) : Infinity);
  const expirySecond = Math.floor(Date.parse(order.expiresAt) / 1000);
  const graceEnd = Math.ceil((Date.parse(order.expiresAt) + Number(receipt.graceMs ?? 0)) / 1000);
  // Past the expiry for a finished order: the tick after it shows the exit was the last one before it.
  const to = Math.max(
    (exitTick ? second(exitTick) : from) + 5,
    order.status === 'open' ? 0 : expirySecond + 5,
    receipt.closeRule === 'void' ? graceEnd + 1 : 0,
  );
  const blocks = await fetchBlocks(api, order.symbol, from, to);
  const { problems, notes } = checkReceipt(receipt, blocks);

  console.log(
    `Order ${order.orderNo ?? order.id}: ${order.direction} ${order.symbol}, ${order.amount} at ${order.payoutRate}, ${order.status}${order.outcome ? ` (${order.outcome}, payout ${order.payout})` : ''}`,
  );
  console.log(
    `  opened with: precision ${order.precision} decimals, payout rate ${order.payoutRate}, ${order.durationSeconds} s (expires ${order.expiresAt}), markets ${marketsText(order.priceVenues)}`,
  );
  console.log(
    `  close rule ${receipt.closeRule ?? '-'}: stale after ${receipt.staleMs ?? '?'} ms, grace ${receipt.graceMs ?? '?'} ms${receipt.halt ? `, halt since ${receipt.halt.startedAt} (${receipt.halt.reason})` : ''}${receipt.gap ? `, gap after the tick at ${receipt.gap.lastTickAt}` : ''}`,
  );
  console.log(`  entry tick ${entryTick.seq} at ${entryTick.t}: ${entryTick.price} (block ${entryTick.blockSecond ?? '?'} ${entryTick.blockHash ?? ''})`);
  if (exitTick)
    console.log(`  exit tick  ${exitTick.seq} at ${exitTick.t}: ${exitTick.price} (block ${exitTick.blockSecond ?? '?'} ${exitTick.blockHash ?? ''})`);
  console.log(`  checked ${blocks.length} blocks of the public record (${new Date(from * 1000).toISOString()} .. ${new Date(to * 1000).toISOString()})`);
  for (const n of notes) console.log(`  note: ${n}`);
  if (problems.length) {
    console.log('MISMATCH:');
    for (const p of problems) console.log(`  - ${p}`);
    return 1;
  }
  console.log('OK: the receipt matches the public tick record, and the outcome and payout follow from it.');
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
