import { describe, expect, it } from '@jest/globals';
import { settlementEntry, type SettledRow } from './settlement-entry.js';

const base: SettledRow = {
  id: 'o1',
  order_no: 'O1',
  user_id: 'u1',
  account: 'real',
  symbol: 'BTCUSDT',
  direction: 'up',
  amount: '1000',
  duration_seconds: 30,
  payout_rate: '0.85',
  open_price: '100.00',
  open_tick_seq: '1',
  opened_at: new Date(0),
  expires_at: new Date(30_000),
  status: 'settled',
  close_price: null,
  close_tick_seq: '9',
  closed_at: '1970-01-01T00:00:29.000Z',
  outcome: null,
  payout: null,
  pnl: null,
  cash_account_id: '11',
  escrow_account_id: '12',
};
const HOUSE = '1';

describe('settlementEntry', () => {
  it.each<[string, Partial<SettledRow>, string, { accountId: string; amount: number }[]]>([
    [
      'up win: stake back and floor(1000 x 0.85) from the house',
      { direction: 'up', close_price: '100.01', outcome: 'win', payout: '1850', pnl: '850' },
      'order_payout',
      [
        { accountId: '12', amount: -1000 },
        { accountId: '11', amount: 1850 },
        { accountId: HOUSE, amount: -850 },
      ],
    ],
    [
      'down win at rate 0.8750 with rounding down',
      { direction: 'down', amount: '333', payout_rate: '0.8750', close_price: '99.99', outcome: 'win', payout: '624', pnl: '291' },
      'order_payout',
      [
        { accountId: '12', amount: -333 },
        { accountId: '11', amount: 624 },
        { accountId: HOUSE, amount: -291 },
      ],
    ],
    [
      'win worth 0 cents of profit: no house posting',
      { amount: '1', payout_rate: '0.85', close_price: '100.5', outcome: 'win', payout: '1', pnl: '0' },
      'order_payout',
      [
        { accountId: '12', amount: -1 },
        { accountId: '11', amount: 1 },
      ],
    ],
    [
      'up loss: stake to the house',
      { close_price: '99.99', outcome: 'loss', payout: '0', pnl: '-1000' },
      'order_loss',
      [
        { accountId: '12', amount: -1000 },
        { accountId: HOUSE, amount: 1000 },
      ],
    ],
    [
      'tie by value ("100.0" = "100.00"): stake back',
      { close_price: '100.0', outcome: 'tie', payout: '1000', pnl: '0' },
      'order_refund',
      [
        { accountId: '12', amount: -1000 },
        { accountId: '11', amount: 1000 },
      ],
    ],
  ])('%s', (_n, fields, type, postings) => {
    const entry = settlementEntry({ ...base, ...fields }, HOUSE);
    expect(entry).toEqual({ type, userId: 'u1', refType: 'order', refId: 'o1', uniqueKey: 'settle:o1', postings });
    expect(postings.reduce((s, p) => s + p.amount, 0)).toBe(0);
  });

  it.each<[string, Partial<SettledRow>]>([
    ['outcome against the prices', { close_price: '99.99', outcome: 'win', payout: '1850', pnl: '850' }],
    ['payout not the rule', { close_price: '100.01', outcome: 'win', payout: '1851', pnl: '851' }],
    ['pnl not payout - stake', { close_price: '99.99', outcome: 'loss', payout: '0', pnl: '-999' }],
  ])('refuses a row that disagrees with the domain rule (%s)', (_n, fields) => {
    expect(() => settlementEntry({ ...base, ...fields }, HOUSE)).toThrow(/disagrees with the domain rule/);
  });
});
