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
  verify: '',
} as unknown as OrderReceipt;

describe('technicalSteps', () => {
  it("names the order's own record, chain command, ticks and rate", () => {
    const steps = technicalSteps(settled, 'https://candor.example');
    const from = Date.parse('2026-11-22T08:00:00.250Z') / 1000 - 0.25;
    const to = Date.parse('2026-11-22T08:00:59.900Z') / 1000 - 0.9 + 1;
    expect(steps.map((s) => s.key)).toEqual(['receipt.tech.records', 'receipt.tech.chain', 'receipt.tech.ticks', 'receipt.tech.exit', 'receipt.tech.result']);
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
    expect(steps[3]).toEqual({ key: 'receipt.tech.exitPending', values: {}, continues: true });
    // Without a close, the record runs to the second after the expiry.
    expect(steps[0]!.values.to).toBe(Date.parse('2026-11-22T08:01:00.000Z') / 1000 + 1);
  });

  it('reads in every language with every number filled in', () => {
    for (const locale of LOCALES) {
      const text = technicalText(technicalSteps(settled, 'https://candor.example'), (key, values) => translate(locale, `trade:${key}`, values));
      // Four numbered paragraphs: the exit tick's sentence continues the third.
      expect({ locale, paragraphs: text.split('\n').length }).toEqual({ locale, paragraphs: 4 });
      expect({ locale, left: text.match(/\{\{[^}]*\}\}/g) }).toEqual({ locale, left: null });
      for (const part of ['BTCUSDT', 'verify-chain.mjs', '/blocks?from=', '41', '100.00', '77', '101.25', '2026-11-22T08:01:00.000Z', '0.85']) {
        expect({ locale, part, found: text.includes(part) }).toEqual({ locale, part, found: true });
      }
    }
  });
});
