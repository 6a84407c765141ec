import { describe, it, expect } from '@jest/globals';
import { createHash } from 'node:crypto';
import {
  GENESIS_PREV_HASH,
  canonicalJson,
  canonicalBlockEncoding,
  hashBlock,
  receiptRecordSeconds,
  sealBlock,
  verifyChain,
  verifyReceipt,
  type ChainBlock,
  type ChainFault,
  type ChainTick,
  type ReceiptTick,
  type TickReceipt,
} from './tick-chain.js';

const S0 = 1_700_000_000; // 2023-11-14T22:13:20Z
const iso = (second: number, ms: number): string => new Date(second * 1000 + ms).toISOString();

/** Four consecutive blocks of BTCUSDT (the third second has no ticks). */
function chain(): ChainBlock[] {
  const ticks: ChainTick[][] = [
    [
      { seq: '101', t: iso(S0, 100), price: '65000.10' },
      { seq: '102', t: iso(S0, 600), price: '65000.25' },
    ],
    [{ seq: '105', t: iso(S0 + 1, 0), price: '65001.00' }],
    [],
    [
      { seq: '110', t: iso(S0 + 3, 250), price: '64999.5' },
      { seq: '111', t: iso(S0 + 3, 999), price: '64999.75' },
    ],
  ];
  const out: ChainBlock[] = [];
  ticks.forEach((tk, i) => out.push(sealBlock(out[i - 1] ?? null, 'BTCUSDT', S0 + i, tk)));
  return out;
}

const clone = (blocks: ChainBlock[]): ChainBlock[] => JSON.parse(JSON.stringify(blocks)) as ChainBlock[];
const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

describe('canonicalBlockEncoding', () => {
  const body = {
    symbol: 'BTCUSDT',
    second: S0,
    ticks: [{ seq: '101', t: '2023-11-14T22:13:20.100Z', price: '65000.10' }],
    prevHash: GENESIS_PREV_HASH,
  };
  const expected =
    '{"symbol":"BTCUSDT","second":1700000000,"ticks":[{"seq":"101","t":"2023-11-14T22:13:20.100Z","price":"65000.10"}],"prevHash":"' + '0'.repeat(64) + '"}';

  it('is JSON with fixed key order and no whitespace', () => {
    expect(canonicalBlockEncoding(body)).toBe(expected);
  });

  it('does not depend on the key order or extra fields of the input', () => {
    const shuffled = {
      prevHash: body.prevHash,
      ticks: [{ price: '65000.10', extra: 1, t: '2023-11-14T22:13:20.100Z', seq: '101' }],
      hash: 'ignored',
      second: String(S0), // as it comes off the wire
      symbol: 'BTCUSDT',
    };
    expect(canonicalBlockEncoding(shuffled as unknown as typeof body)).toBe(expected);
  });

  it('keeps prices and times exactly as written', () => {
    const other = { ...body, ticks: [{ ...body.ticks[0]!, price: '65000.1' }] };
    expect(canonicalBlockEncoding(other)).not.toBe(expected);
    expect(hashBlock(other)).not.toBe(hashBlock(body));
  });

  it('hashes as SHA-256 hex of the encoding', () => {
    expect(hashBlock(body)).toBe(sha(expected));
    expect(hashBlock(body)).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each<[string, Record<string, unknown>]>([
    ['empty symbol', { symbol: '' }],
    ['fractional second', { second: 1.5 }],
    ['negative second', { second: -1 }],
    ['non-digit second', { second: '17e8' }],
    ['short prevHash', { prevHash: 'abc' }],
    ['upper-case prevHash', { prevHash: 'A'.repeat(64) }],
    ['seq not digits', { ticks: [{ seq: '1.5', t: 'x', price: '1' }] }],
    ['seq with leading zero', { ticks: [{ seq: '01', t: 'x', price: '1' }] }],
    ['numeric price', { ticks: [{ seq: '1', t: 'x', price: 1 }] }],
    ['ticks missing', { ticks: undefined }],
  ])('refuses a block with %s', (_name, patch) => {
    expect(() => canonicalBlockEncoding({ ...body, ...patch } as typeof body)).toThrow(RangeError);
  });
});

describe('sealBlock', () => {
  it('starts at genesis and links each block to the previous hash', () => {
    const blocks = chain();
    expect(blocks[0]!.prevHash).toBe(GENESIS_PREV_HASH);
    for (let i = 1; i < blocks.length; i++) expect(blocks[i]!.prevHash).toBe(blocks[i - 1]!.hash);
    for (const b of blocks) expect(b.hash).toBe(hashBlock(b));
  });
});

describe('verifyChain', () => {
  it('accepts an untouched chain, a slice of it, one block and no blocks', () => {
    const blocks = chain();
    expect(verifyChain(blocks)).toEqual({ ok: true });
    expect(verifyChain(blocks, { fromGenesis: true })).toEqual({ ok: true });
    expect(verifyChain(blocks.slice(1))).toEqual({ ok: true });
    expect(verifyChain(blocks.slice(2, 3))).toEqual({ ok: true });
    expect(verifyChain([])).toEqual({ ok: true });
  });

  it('accepts blocks whose second arrives as a string', () => {
    const blocks = chain().map((b) => ({ ...b, second: String(b.second) }));
    expect(verifyChain(blocks)).toEqual({ ok: true });
  });

  it.each<[string, (b: ChainBlock[]) => ChainBlock[], number, ChainFault]>([
    ['a tick price changed', (b) => (((b[1]!.ticks[0] as ChainTick).price = '65001.01'), b), 1, 'hash'],
    ['a tick time changed', (b) => (((b[3]!.ticks[1] as ChainTick).t = iso(S0 + 3, 500)), b), 3, 'hash'],
    ['a tick removed', (b) => ((b[0]!.ticks as ChainTick[]).pop(), b), 0, 'hash'],
    ['a tick added', (b) => ((b[2]!.ticks as ChainTick[]).push({ seq: '107', t: iso(S0 + 2, 1), price: '1' }), b), 2, 'hash'],
    ['the symbol changed', (b) => ((b[2]!.symbol = 'ETHUSDT'), b), 2, 'hash'],
    [
      'a tick changed and its block re-hashed',
      (b) => {
        (b[1]!.ticks[0] as ChainTick).price = '1';
        b[1]!.hash = hashBlock(b[1]!);
        return b;
      },
      2,
      'link',
    ],
    ['a block left out', (b) => [b[0]!, b[2]!, b[3]!], 1, 'link'],
    ['two blocks swapped', (b) => [b[0]!, b[2]!, b[1]!, b[3]!], 1, 'link'],
    ['a hash in capitals', (b) => ((b[2]!.hash = b[2]!.hash.toUpperCase()), b), 2, 'format'],
    ['a hash missing', (b) => ((b[3]!.hash = undefined as unknown as string), b), 3, 'format'],
    ['a malformed tick', (b) => (((b[0]!.ticks[0] as ChainTick).seq = 'x'), b), 0, 'format'],
  ])('finds %s', (_name, tamper, brokenAt, fault) => {
    expect(verifyChain(tamper(clone(chain())))).toEqual({ ok: false, brokenAt, fault });
  });

  it('requires the genesis link only when asked', () => {
    const tail = chain().slice(1);
    expect(verifyChain(tail)).toEqual({ ok: true });
    expect(verifyChain(tail, { fromGenesis: true })).toEqual({ ok: false, brokenAt: 0, fault: 'link' });
  });

  it('refuses properly hashed blocks that break the record rules', () => {
    const a = sealBlock(null, 'BTCUSDT', S0, [{ seq: '5', t: iso(S0, 0), price: '1' }]);
    const check = (blocks: ChainBlock[]) => verifyChain(blocks);
    // another product
    expect(check([a, sealBlock(a, 'ETHUSDT', S0 + 1, [])])).toEqual({ ok: false, brokenAt: 1, fault: 'symbol' });
    // same or earlier second
    expect(check([a, sealBlock(a, 'BTCUSDT', S0, [])])).toEqual({ ok: false, brokenAt: 1, fault: 'order' });
    expect(check([a, sealBlock(a, 'BTCUSDT', S0 - 5, [])])).toEqual({ ok: false, brokenAt: 1, fault: 'order' });
    // seq going backwards across blocks and within one
    expect(check([a, sealBlock(a, 'BTCUSDT', S0 + 1, [{ seq: '5', t: iso(S0 + 1, 0), price: '1' }])])).toEqual({ ok: false, brokenAt: 1, fault: 'seq' });
    const twisted = sealBlock(null, 'BTCUSDT', S0, [
      { seq: '7', t: iso(S0, 0), price: '1' },
      { seq: '6', t: iso(S0, 1), price: '1' },
    ]);
    expect(check([twisted])).toEqual({ ok: false, brokenAt: 0, fault: 'seq' });
    // tick time outside its block's second: just before, exactly at the next second, unparseable
    for (const t of [iso(S0, -1), iso(S0, 1000), 'yesterday']) {
      expect(check([sealBlock(null, 'BTCUSDT', S0, [{ seq: '1', t, price: '1' }])])).toEqual({ ok: false, brokenAt: 0, fault: 'tickTime' });
    }
    // the edges of the second are inside
    expect(
      check([
        sealBlock(null, 'BTCUSDT', S0, [
          { seq: '1', t: iso(S0, 0), price: '1' },
          { seq: '2', t: iso(S0, 999), price: '1' },
        ]),
      ]),
    ).toEqual({ ok: true });
  });
});

describe('verifyReceipt', () => {
  const ref = (b: ChainBlock, i: number): ReceiptTick => ({ ...b.ticks[i]!, blockSecond: b.second, blockHash: b.hash });
  const receiptFor = (blocks: ChainBlock[]): TickReceipt => ({ symbol: 'BTCUSDT', entry: ref(blocks[0]!, 1), exit: ref(blocks[3]!, 0) });

  it('accepts a receipt against the blocks from entry to exit', () => {
    const blocks = chain();
    expect(verifyReceipt(receiptFor(blocks), blocks)).toEqual({ ok: true });
  });

  it('accepts an open order (entry only) and wire-formatted values', () => {
    const blocks = chain();
    expect(verifyReceipt({ symbol: 'BTCUSDT', entry: ref(blocks[1]!, 0), exit: null }, blocks.slice(1, 2))).toEqual({ ok: true });
    const r = receiptFor(blocks);
    const wire: TickReceipt = {
      ...r,
      // the same price and instant written differently, the second as a string
      entry: { ...r.entry, price: '65000.250', t: r.entry.t.replace('Z', '+00:00'), blockSecond: String(r.entry.blockSecond) },
    };
    expect(verifyReceipt(wire, blocks)).toEqual({ ok: true });
  });

  it('fails when a tick in the record was tampered with', () => {
    const blocks = clone(chain());
    (blocks[3]!.ticks[0] as ChainTick).price = '70000.00'; // the exit price, made to look like a win
    expect(verifyReceipt(receiptFor(chain()), blocks)).toEqual({ ok: false, fault: 'chain', brokenAt: 3, chainFault: 'hash' });
  });

  it('fails when a tampered block is re-hashed to look consistent', () => {
    const issued = receiptFor(chain());
    // The forger rewrites the exit block and re-computes its hash: the receipt names the old hash.
    const forgedExit = clone(chain());
    (forgedExit[3]!.ticks[0] as ChainTick).price = '70000.00';
    forgedExit[3]!.hash = hashBlock(forgedExit[3]!);
    expect(verifyReceipt(issued, forgedExit)).toEqual({ ok: false, fault: 'block', which: 'exit' });
    // Rewriting an earlier block breaks the link from the next, already published, block.
    const forgedMiddle = clone(chain());
    (forgedMiddle[1]!.ticks[0] as ChainTick).price = '1';
    forgedMiddle[1]!.hash = hashBlock(forgedMiddle[1]!);
    expect(verifyReceipt(issued, forgedMiddle)).toEqual({ ok: false, fault: 'chain', brokenAt: 2, chainFault: 'link' });
  });

  it.each<[string, (r: TickReceipt) => TickReceipt, Record<string, unknown>]>([
    ['entry price differs', (r) => ({ ...r, entry: { ...r.entry, price: '65000.26' } }), { fault: 'mismatch', which: 'entry' }],
    ['exit price differs', (r) => ({ ...r, exit: { ...r.exit!, price: '64999.4' } }), { fault: 'mismatch', which: 'exit' }],
    ['exit price malformed', (r) => ({ ...r, exit: { ...r.exit!, price: 'abc' } }), { fault: 'mismatch', which: 'exit' }],
    ['entry time differs by 1 ms', (r) => ({ ...r, entry: { ...r.entry, t: iso(S0, 601) } }), { fault: 'mismatch', which: 'entry' }],
    ['entry time unparseable', (r) => ({ ...r, entry: { ...r.entry, t: 'soon' } }), { fault: 'mismatch', which: 'entry' }],
    ['entry seq not in the block', (r) => ({ ...r, entry: { ...r.entry, seq: '103' } }), { fault: 'tick', which: 'entry' }],
    ['exit block hash wrong', (r) => ({ ...r, exit: { ...r.exit!, blockHash: 'f'.repeat(64) } }), { fault: 'block', which: 'exit' }],
    ['exit block second wrong', (r) => ({ ...r, exit: { ...r.exit!, blockSecond: S0 + 2 } }), { fault: 'block', which: 'exit' }],
    ['another product', (r) => ({ ...r, symbol: 'ETHUSDT' }), { fault: 'symbol' }],
    ['exit before entry', (r) => ({ ...r, entry: r.exit!, exit: r.entry }), { fault: 'order' }],
    ['exit equal to entry', (r) => ({ ...r, exit: r.entry }), { fault: 'order' }],
  ])('fails when %s', (_name, edit, result) => {
    const blocks = chain();
    expect(verifyReceipt(edit(receiptFor(blocks)), blocks)).toEqual({ ok: false, ...result });
  });

  it('needs every block between entry and exit', () => {
    const blocks = chain();
    expect(verifyReceipt(receiptFor(blocks), [blocks[0]!, blocks[3]!])).toEqual({ ok: false, fault: 'chain', brokenAt: 1, chainFault: 'link' });
    expect(verifyReceipt(receiptFor(blocks), blocks.slice(0, 3))).toEqual({ ok: false, fault: 'block', which: 'exit' });
    expect(verifyReceipt(receiptFor(blocks), [])).toEqual({ ok: false, fault: 'block', which: 'entry' });
  });
});

describe('receiptRecordSeconds', () => {
  it('runs from the second the order opened in to the second after it closed', () => {
    expect(receiptRecordSeconds(Date.parse('2026-11-22T08:00:00.250Z'), Date.parse('2026-11-22T08:00:59.900Z'))).toEqual({
      from: Date.parse('2026-11-22T08:00:00Z') / 1000,
      to: Date.parse('2026-11-22T08:01:00Z') / 1000,
    });
    // A close on a whole second still takes in the second after it, where the later tick is.
    expect(receiptRecordSeconds(1_000_000, 1_060_000)).toEqual({ from: 1000, to: 1061 });
  });
});

describe('ticks made from exchange quotes', () => {
  const sources = [
    { venue: 'binance', bid: '65000.10', ask: '65000.20', mid: '65000.15', venueTs: null, venueId: '400900217', receivedAt: iso(S0, 90), used: true },
    { venue: 'okx', bid: '65000.0', ask: '65000.2', mid: '65000.1', venueTs: iso(S0, 80), venueId: null, receivedAt: iso(S0, 95), used: true },
    {
      venue: 'kraken',
      bid: '65400',
      ask: '65400.2',
      mid: '65400.1',
      venueTs: iso(S0, 70),
      venueId: null,
      receivedAt: iso(S0, 96),
      used: false,
      reason: 'deviation' as const,
    },
  ];
  const rule = { name: 'median-of-mids', version: 1, quorum: 2, maxDeviationBps: 50 };
  const withSources = (): ChainBlock[] => {
    const b0 = sealBlock(null, 'BTCUSDT', S0, [{ seq: '1', t: iso(S0, 100), price: '65000.13', sources, rule }]);
    const b1 = sealBlock(b0, 'BTCUSDT', S0 + 1, [{ seq: '2', t: iso(S0 + 1, 5), price: '65000.20' }]);
    return [b0, b1];
  };

  it('hashes the sources and the rule after the price, in a fixed key order', () => {
    const text = canonicalBlockEncoding(withSources()[0]!);
    expect(text).toContain(
      '"price":"65000.13","sources":[{"venue":"binance","bid":"65000.10","ask":"65000.20","mid":"65000.15","venueTs":null,"venueId":"400900217","receivedAt":"2023-11-14T22:13:20.090Z","used":true},',
    );
    expect(text).toContain('"used":false,"reason":"deviation"}],"rule":{"name":"median-of-mids","version":1,"quorum":2,"maxDeviationBps":50}}]');
    expect(verifyChain(withSources(), { fromGenesis: true })).toEqual({ ok: true });
  });

  it('a tick without sources encodes exactly as before', () => {
    const plain = { seq: '2', t: iso(S0, 5), price: '1.00' };
    expect(canonicalBlockEncoding({ symbol: 'X', second: S0, ticks: [plain], prevHash: GENESIS_PREV_HASH })).toBe(
      `{"symbol":"X","second":${S0},"ticks":[{"seq":"2","t":"${iso(S0, 5)}","price":"1.00"}],"prevHash":"${GENESIS_PREV_HASH}"}`,
    );
    expect(canonicalBlockEncoding({ symbol: 'X', second: S0, ticks: [{ ...plain, sources: null, rule: null }], prevHash: GENESIS_PREV_HASH })).toBe(
      canonicalBlockEncoding({ symbol: 'X', second: S0, ticks: [plain], prevHash: GENESIS_PREV_HASH }),
    );
  });

  it.each([
    ['a changed bid', (b: ChainBlock[]) => ((b[0]!.ticks[0]!.sources as unknown as { bid: string }[])[0]!.bid = '65000.11')],
    ['a dropped quote marked used', (b: ChainBlock[]) => ((b[0]!.ticks[0]!.sources as unknown as { used: boolean }[])[2]!.used = true)],
    ['a changed quorum', (b: ChainBlock[]) => ((b[0]!.ticks[0]!.rule as { quorum: number }).quorum = 1)],
    ['a removed source', (b: ChainBlock[]) => (b[0]!.ticks[0]!.sources = (b[0]!.ticks[0]!.sources as unknown[]).slice(1) as never)],
  ])('%s breaks the chain', (_name, tamper) => {
    const blocks = JSON.parse(JSON.stringify(withSources())) as ChainBlock[];
    tamper(blocks);
    expect(verifyChain(blocks)).toEqual({ ok: false, brokenAt: 0, fault: 'hash' });
  });

  it('refuses sources without a rule, and a malformed source', () => {
    const body = (k: ChainTick) => ({ symbol: 'X', second: S0, ticks: [k], prevHash: GENESIS_PREV_HASH });
    expect(() => canonicalBlockEncoding(body({ seq: '1', t: iso(S0, 1), price: '1', sources }))).toThrow(RangeError);
    expect(() => canonicalBlockEncoding(body({ seq: '1', t: iso(S0, 1), price: '1', sources: [{ ...sources[0]!, used: 'yes' as never }], rule }))).toThrow(
      RangeError,
    );
    expect(() => canonicalBlockEncoding(body({ seq: '1', t: iso(S0, 1), price: '1', sources: [{ ...sources[0]!, reason: 'whim' as never }], rule }))).toThrow(
      RangeError,
    );
  });
});

describe('catalogue changes in a block', () => {
  const change = { id: 'c1', field: 'precision', from: '5', to: '4', effectiveAt: iso(S0, 0) };
  const tick = (seq: string, ms: number, price: string): ChainTick => ({ seq, t: iso(S0, ms), price });

  it('hashes them between the ticks and prevHash, and leaves blocks without changes as they were', () => {
    const plain = sealBlock(null, 'EURUSD', S0, [tick('1', 5, '1.0842')]);
    expect(canonicalBlockEncoding({ ...plain, changes: [] })).toBe(canonicalBlockEncoding(plain));
    const withChange = sealBlock(null, 'EURUSD', S0, [tick('1', 5, '1.0842')], [change]);
    expect(canonicalBlockEncoding(withChange)).toBe(
      `{"symbol":"EURUSD","second":${S0},"ticks":[{"seq":"1","t":"${iso(S0, 5)}","price":"1.0842"}],"changes":[{"id":"c1","field":"precision","from":"5","to":"4","effectiveAt":"${iso(S0, 0)}"}],"prevHash":"${GENESIS_PREV_HASH}"}`,
    );
    expect(withChange.hash).not.toBe(plain.hash);
    // Altering the recorded change breaks the hash.
    expect(verifyChain([{ ...withChange, changes: [{ ...change, to: '0' }] }])).toMatchObject({ ok: false, fault: 'hash' });
  });

  it('accepts a block of changes alone, and refuses a change dated outside its block', () => {
    const first = sealBlock(null, 'EURUSD', S0 - 1, [tick('1', -500, '1.08421')]);
    const alone = sealBlock(first, 'EURUSD', S0, [], [change]);
    expect(verifyChain([first, alone], { fromGenesis: true })).toEqual({ ok: true });
    const outside = sealBlock(first, 'EURUSD', S0, [], [{ ...change, effectiveAt: iso(S0, 1000) }]);
    expect(verifyChain([first, outside])).toMatchObject({ ok: false, brokenAt: 1, fault: 'changeTime' });
  });

  it('writes catalogue values as canonical JSON: keys sorted at every level', () => {
    expect(canonicalJson([{ venue: 'binance', symbol: 'BTCUSDT' }])).toBe('[{"symbol":"BTCUSDT","venue":"binance"}]');
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson({ b: { d: 1, c: [2, 'x'] }, a: true })).toBe('{"a":true,"b":{"c":[2,"x"],"d":1}}');
  });
});
