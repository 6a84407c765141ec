import { describe, expect, it } from '@jest/globals';
import type { OrderReceipt } from '@candor/contracts';
import { LOCALES, translate } from '@candor/i18n';
import { technicalSteps, technicalText } from './receiptSteps';

const settled = {
  order: {
    id: 'o-1',
    orderNo: 'O1',
    symbol: 'BTCUSDT',
    account: 'real',
    direction: 'up',
    amount: '10.00',
    durationSeconds: 60,
    payoutRate: '0.85',
    openPrice: '100.00',
    openedAt: '2026-11-22T08:00:00.250Z',
    expiresAt: '2026-11-22T08:01:00.000Z',
    closedAt: '2026-11-22T08:00:59.900Z',
    status: 'settled',
    closePrice: '101.25',
    outcome: 'win',
    payout: '18.50',
    pnl: '8.50',
  },
  entryTick: { seq: '41', t: '2026-11-22T08:00:00.200Z', price: '100.00', blockSecond: '1795334400', blockHash: 'a'.repeat(64) },
  exitTick: { seq: '77', t: '2026-11-22T08:00:59.900Z', price: '101.25', blockSecond: '1795334459', blockHash: 'b'.repeat(64) },
  closeRule: 'expiry',
  graceMs: 10_000,
  verify: '',
} as unknown as OrderReceipt;

const source = { venue: 'okx', bid: '101.24', ask: '101.26', mid: '101.25', venueTs: null, venueId: '9', receivedAt: '2026-11-22T08:00:59.880Z', used: true };
const rule = { name: 'median-of-mids', version: 1, quorum: 3, maxDeviationBps: 50 };
/** Settled on exchange prices, after a halt that held its expiry. */
const afterHalt = {
  ...settled,
  order: { ...settled.order, closedAt: '2026-11-22T08:01:04.100Z' },
  exitTick: { ...settled.exitTick!, t: '2026-11-22T08:01:04.100Z', blockSecond: '1795334464', sources: [source], rule },
  closeRule: 'halt',
  halt: { reason: 'quorum', startedAt: '2026-11-22T08:00:59.950Z', endedAt: '2026-11-22T08:01:04.000Z' },
} as OrderReceipt;
/** Voided: no price within the grace period after its expiry. */
const voided = {
  ...settled,
  order: {
    ...settled.order,
    status: 'voided',
    closedAt: undefined,
    closePrice: undefined,
    outcome: undefined,
    payout: '10.00',
    pnl: '0.00',
    voidReason: 'halt',
  },
  exitTick: null,
  closeRule: 'void',
  halt: { reason: 'disagreement', startedAt: '2026-11-22T08:00:59.950Z', endedAt: null },
} as OrderReceipt;

describe('technicalSteps', () => {
  it("names the order's own record, chain command, ticks and rate", () => {
    const steps = technicalSteps(settled, 'https://candor.example');
    const from = Date.parse('2026-11-22T08:00:00.250Z') / 1000 - 0.25;
    const to = Date.parse('2026-11-22T08:00:59.900Z') / 1000 - 0.9 + 1;
    expect(steps.map((s) => s.key)).toEqual(['receipt:tech.records', 'receipt:tech.chain', 'receipt:tech.ticks', 'receipt:tech.exit', 'receipt:tech.result']);
    expect(steps[0]!.values).toEqual({
      symbol: 'BTCUSDT',
      from,
      to,
      blocks: `GET https://candor.example/api/products/BTCUSDT/blocks?from=${from}&to=${to}`,
      ticks: 'GET https://candor.example/api/products/BTCUSDT/ticks',
    });
    expect(steps[1]!.values).toEqual({ command: `node scripts/verify-chain.mjs BTCUSDT ${from} ${to} --api https://candor.example` });
    expect(steps[2]!.values).toEqual({ seq: '41', price: '100.00' });
    expect(steps[3]!.values).toEqual({ seq: '77', price: '101.25', expiresAt: '2026-11-22T08:01:00.000Z' });
    expect(steps[4]!.values).toEqual({ rate: '0.85' });
  });

  it('says the exit tick comes with the settlement while the order is open', () => {
    const open = { ...settled, order: { ...settled.order, closedAt: undefined }, exitTick: null } as OrderReceipt;
    const steps = technicalSteps(open, 'http://localhost:3000');
    expect(steps[3]).toEqual({ key: 'receipt:tech.exitPending', values: {}, continues: true });
    // Without a close, the record runs to the second after the expiry.
    expect(steps[0]!.values.to).toBe(Date.parse('2026-11-22T08:01:00.000Z') / 1000 + 1);
  });

  it('reads in every language with every number filled in', () => {
    for (const locale of LOCALES) {
      const text = technicalText(technicalSteps(settled, 'https://candor.example'), (key, values) => translate(locale, key, values));
      // Four numbered paragraphs: the exit tick's sentence continues the third.
      expect({ locale, paragraphs: text.split('\n').length }).toEqual({ locale, paragraphs: 4 });
      expect({ locale, left: text.match(/\{\{[^}]*\}\}/g) }).toEqual({ locale, left: null });
      for (const part of ['BTCUSDT', 'verify-chain.mjs', '/blocks?from=', '41', '100.00', '77', '101.25', '2026-11-22T08:01:00.000Z', '0.85']) {
        expect({ locale, part, found: text.includes(part) }).toEqual({ locale, part, found: true });
      }
    }
  });

  it('after a halt: the exit is the first tick within the grace period, and the quotes are checked against the exchanges', () => {
    const steps = technicalSteps(afterHalt, 'https://candor.example');
    expect(steps.map((s) => s.key)).toEqual([
      'receipt:tech.records',
      'receipt:tech.chain',
      'receipt:tech.venues',
      'receipt:tech.ticks',
      'receipt:tech.exitHalt',
      'receipt:tech.result',
    ]);
    expect(steps[2]!.values).toEqual({ command: 'node scripts/verify-venues.mjs o-1' });
    expect(steps[4]!.values).toEqual({ seq: '77', price: '101.25', expiresAt: '2026-11-22T08:01:00.000Z', grace: 10 });
  });

  it('voided: the record runs past the grace period, where no tick came', () => {
    const steps = technicalSteps(voided, 'https://candor.example');
    expect(steps[3]).toEqual({
      key: 'receipt:tech.exitVoid',
      values: { expiresAt: '2026-11-22T08:01:00.000Z', grace: 10, graceEnd: '2026-11-22T08:01:10.000Z' },
      continues: true,
    });
    expect(steps[0]!.values.to).toBe(Date.parse('2026-11-22T08:01:10.000Z') / 1000 + 1);
  });

  it.each([
    ['after a halt', afterHalt, ['verify-venues.mjs o-1', '2026-11-22T08:01:00.000Z', '10', '101.25']],
    ['voided', voided, ['2026-11-22T08:01:10.000Z', '10']],
  ] as const)('%s: reads in every language with every number filled in', (_name, receipt, parts) => {
    for (const locale of LOCALES) {
      const text = technicalText(technicalSteps(receipt, 'https://candor.example'), (key, values) => translate(locale, key, values));
      expect({ locale, paragraphs: text.split('\n').length }).toEqual({ locale, paragraphs: 4 });
      expect({ locale, left: text.match(/\{\{[^}]*\}\}/g) }).toEqual({ locale, left: null });
      for (const part of parts) expect({ locale, part, found: text.includes(part) }).toEqual({ locale, part, found: true });
    }
  });

  /** Settled by the halt rule after a gap in the prices (no halt recorded), with its precision. */
  const afterGap = {
    ...afterHalt,
    order: { ...afterHalt.order, precision: 2 },
    halt: undefined,
    gap: { lastTickAt: '2026-11-22T08:00:54.000Z', staleMs: 5_000 },
    staleMs: 5_000,
  } as OrderReceipt;

  it('after a gap: the last tick before the expiry is older than the staleness limit', () => {
    const steps = technicalSteps(afterGap, 'https://candor.example');
    expect(steps.map((s) => s.key)).toEqual([
      'receipt:tech.records',
      'receipt:tech.chain',
      'receipt:tech.venues',
      'receipt:tech.ticks',
      'receipt:tech.exitGap',
      'receipt:tech.result',
    ]);
    expect(steps[4]!.values).toEqual({ seq: '77', price: '101.25', expiresAt: '2026-11-22T08:01:00.000Z', stale: 5, grace: 10 });
  });

  it('voided after a gap: no tick from the expiry to the end of the grace period', () => {
    const steps = technicalSteps(
      { ...voided, halt: undefined, gap: { lastTickAt: null, staleMs: 5_000 }, staleMs: 5_000 } as OrderReceipt,
      'https://candor.example',
    );
    expect(steps[3]).toEqual({
      key: 'receipt:tech.exitGapVoid',
      values: { expiresAt: '2026-11-22T08:01:00.000Z', stale: 5, graceEnd: '2026-11-22T08:01:10.000Z' },
      continues: true,
    });
  });

  it('after a gap: reads in every language with every number filled in', () => {
    for (const locale of LOCALES) {
      const text = technicalText(technicalSteps(afterGap, 'https://candor.example'), (key, values) => translate(locale, key, values));
      expect({ locale, paragraphs: text.split('\n').length }).toEqual({ locale, paragraphs: 4 });
      expect({ locale, left: text.match(/\{\{[^}]*\}\}/g) }).toEqual({ locale, left: null });
      for (const part of ['2026-11-22T08:01:00.000Z', '101.25', '0.85'])
        expect({ locale, part, found: text.includes(part) }).toEqual({ locale, part, found: true });
      // The gap's sentence, with its staleness limit, is in the text.
      const gap = translate(locale, 'receipt:tech.exitGap', { seq: '77', price: '101.25', expiresAt: '2026-11-22T08:01:00.000Z', stale: 5, grace: 10 });
      expect({ locale, gap: text.includes(gap) }).toEqual({ locale, gap: true });
    }
  });
});
