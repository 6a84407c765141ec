#!/usr/bin/env node
// Checks a settled order against the public tick record, without trusting anything but the hashes.
//
//   node scripts/verify-receipt.mjs <orderId> [--api http://localhost:3000] [--token <accessToken>]
//
// (the token can also come from CANDOR_TOKEN). It fetches the order's receipt
// (GET /api/orders/:id/receipt -> { order, entryTick, exitTick }, each tick
// { seq, t, price, blockSecond, blockHash }), then the public blocks from the entry tick's second
// to a few seconds past the exit tick (GET /api/products/:symbol/blocks), and checks:
//   - the blocks form an unbroken chain (every hash recomputed here with node:crypto, every
//     prevHash equal to the previous block's hash; see scripts/verify-chain.mjs);
//   - each named tick is in the named block (second and hash) with the same price and time;
//   - the order's open and close prices and times are those ticks';
//   - the exit tick is the last tick at or before the expiry (the next one is later), or, for an expiry
//     that fell in a halt (the receipt's closeRule "halt"), the first tick after the expiry and within the
//     grace period, with no tick from the halt's start to the expiry; a voided order (closeRule "void") has
//     no tick within the grace period either, and its whole stake came back;
//   - each tick made from exchange quotes carries the same quotes in the receipt as in the record, and
//     its price is the median of the used quotes (recomputed by verify-chain.mjs's checks);
//   - the outcome follows from the two prices and the direction (equal = tie), and the payout
//     from the stake and the earnings rate (win: stake + floor(stake x rate); tie: stake; loss: 0).
// Prints OK or every mismatch. Exit code 0 when everything matches, 1 on a mismatch, 2 on a
// usage or network error.
import { pathToFileURL } from 'node:url';
import { canonicalTick, checkBlocks, fetchBlocks, getJson, parseArgs } from './verify-chain.mjs';

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

  if (entryTick) {
    if (compareDecimal(order.openPrice, entryTick.price) !== 0) problems.push(`open price ${order.openPrice} is not the entry tick's price ${entryTick.price}`);
    if (!sameInstant(order.openedAt, entryTick.t)) problems.push(`openedAt ${order.openedAt} is not the entry tick's time ${entryTick.t}`);
  }
  const expiry = Date.parse(order.expiresAt);
  const graceMs = Number(receipt.graceMs ?? 0);
  const allTicks = blocks.flatMap((b) => b.ticks);
  const haltStart = receipt.halt ? Date.parse(receipt.halt.startedAt) : null;
  if (receipt.closeRule === 'halt' || receipt.closeRule === 'void') {
    if (haltStart === null) problems.push(`the receipt says the expiry fell in a halt but names no halt`);
    else {
      const during = allTicks.find((k) => Date.parse(k.t) > haltStart && Date.parse(k.t) <= expiry);
      if (during) problems.push(`tick ${during.seq} at ${during.t} lies between the halt's start and the expiry: the expiry was not in a halt`);
      if (haltStart < Date.parse(entryTick.t)) notes.push('the halt began before the entry tick; only its part after the entry is in the fetched record');
    }
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
    const later = blocks.flatMap((b) => b.ticks).find((k) => BigInt(k.seq) > BigInt(exitTick.seq));
    if (!later) notes.push('no tick after the exit tick is published yet, so "last tick at or before the expiry" could not be checked');
    else if (Date.parse(later.t) <= expiry)
      problems.push(`tick ${later.seq} at ${later.t} is also at or before the expiry: the exit tick should have been it or a later one`);
  }

  const c = compareDecimal(order.closePrice, order.openPrice);
  const outcome = c === 0 ? 'tie' : (order.direction === 'up') === c > 0 ? 'win' : 'loss';
  if (order.outcome !== outcome)
    problems.push(`outcome is ${order.outcome}, but ${order.direction} from ${order.openPrice} to ${order.closePrice} is a ${outcome}`);
  const stake = cents(order.amount);
  const expectedPayout = outcome === 'win' ? stake + (stake * rateUnits(order.payoutRate)) / 10000n : outcome === 'tie' ? stake : 0n;
  if (order.payout !== undefined && cents(order.payout) !== expectedPayout) {
    problems.push(
      `payout is ${order.payout}, but the rule gives ${(Number(expectedPayout) / 100).toFixed(2)} for a ${outcome} of ${order.amount} at ${order.payoutRate}`,
    );
  }
  void entry;
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
  const graceEnd = Math.ceil((Date.parse(order.expiresAt) + Number(receipt.graceMs ?? 0)) / 1000);
  const to = Math.max((exitTick ? second(exitTick) : from) + 5, receipt.closeRule === 'void' ? graceEnd + 1 : 0);
  const blocks = await fetchBlocks(api, order.symbol, from, to);
  const { problems, notes } = checkReceipt(receipt, blocks);

  console.log(
    `Order ${order.orderNo ?? order.id}: ${order.direction} ${order.symbol}, ${order.amount} at ${order.payoutRate}, ${order.status}${order.outcome ? ` (${order.outcome}, payout ${order.payout})` : ''}`,
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
