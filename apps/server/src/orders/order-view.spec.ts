import { describe, expect, it } from '@jest/globals';
import type { PlaceOrderBody } from '@candor/contracts';
import { toOrder, type OrderRow } from './order-view.js';
import { toCommand } from './order-command.js';

const open: OrderRow = {
  id: '6f1c1d5e-8a51-4d0e-9d6c-1f2a3b4c5d6e',
  order_no: 'O202511220000000042',
  user_id: 'u',
  account: 'real',
  symbol: 'BTCUSDT',
  direction: 'up',
  amount: '12345',
  duration_seconds: 60,
  payout_rate: '0.85',
  open_price: '67250.10',
  open_tick_seq: '991',
  opened_at: new Date('2025-11-22T08:00:00.250Z'),
  expires_at: new Date('2025-11-22T08:01:00.400Z'),
  status: 'open',
  close_price: null,
  close_tick_seq: null,
  closed_at: null,
  outcome: null,
  payout: null,
  pnl: null,
  settled_at: null,
  created_at: new Date('2025-11-22T08:00:00.400Z'),
};

describe('toOrder', () => {
  it('shows an open order without result fields, money as 2-decimal strings and prices as stored', () => {
    expect(toOrder(open)).toEqual({
      id: open.id,
      orderNo: 'O202511220000000042',
      symbol: 'BTCUSDT',
      account: 'real',
      direction: 'up',
      amount: '123.45',
      durationSeconds: 60,
      payoutRate: '0.85',
      openPrice: '67250.10',
      openedAt: '2025-11-22T08:00:00.250Z',
      expiresAt: '2025-11-22T08:01:00.400Z',
      status: 'open',
      // not recorded on this row: the open price's own decimals, and no markets
      precision: 2,
      priceVenues: [],
    });
    expect(toOrder({ ...open, precision: 4, price_venues: [{ venue: 'binance', symbol: 'BTCUSDT' }] })).toMatchObject({
      precision: 4,
      priceVenues: [{ venue: 'binance', symbol: 'BTCUSDT' }],
    });
  });

  it.each<[string, Partial<OrderRow>, Record<string, string>]>([
    [
      'win',
      { outcome: 'win', close_price: '67251.00', payout: '22838', pnl: '10493' },
      { outcome: 'win', closePrice: '67251.00', payout: '228.38', pnl: '104.93' },
    ],
    [
      'loss',
      { outcome: 'loss', close_price: '67250.00', payout: '0', pnl: '-12345' },
      { outcome: 'loss', closePrice: '67250.00', payout: '0.00', pnl: '-123.45' },
    ],
    ['tie', { outcome: 'tie', close_price: '67250.10', payout: '12345', pnl: '0' }, { outcome: 'tie', closePrice: '67250.10', payout: '123.45', pnl: '0.00' }],
  ])('shows a settled %s with its close tick time and result', (_n, fields, expected) => {
    const o = toOrder({ ...open, ...fields, status: 'settled', close_tick_seq: '1100', closed_at: new Date('2025-11-22T08:01:00.300Z') });
    expect(o).toMatchObject({ status: 'settled', closedAt: '2025-11-22T08:01:00.300Z', ...expected });
  });
});

describe('toCommand', () => {
  const body = (amount: unknown): PlaceOrderBody => ({ symbol: 'BTCUSDT', direction: 'down', amount: amount as string, durationSeconds: 30, account: 'demo' });
  it.each<[unknown, number]>([
    ['10', 1000],
    ['10.5', 1050],
    ['0.01', 1],
    [12.34, 1234],
    ['0', 0],
    ['-1', -100],
    [' 7.00 ', 700],
  ])('amount %j -> %d cents', (amount, cents) => {
    expect(toCommand(body(amount))).toEqual({ symbol: 'BTCUSDT', direction: 'down', amountCents: cents, durationSeconds: 30, account: 'demo' });
  });
  it.each<[unknown]>([['1.234'], ['abc'], [Infinity], [1e309], ['1e3'], [''], ['12,5'], [null], [{}]])(
    'malformed amount %j -> VALIDATION_FAILED on amount',
    (amount) => {
      expect(() => toCommand(body(amount))).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED', field: 'amount' }) as unknown as Error);
    },
  );
});

describe('toOrder with times formatted by SQL', () => {
  it('uses ISO strings as they are and normalises anything else', () => {
    const o = toOrder({ ...open, opened_at: '2025-11-22T08:00:00.250Z', expires_at: '2025-11-22 08:01:00.4+00' as unknown as Date });
    expect([o.openedAt, o.expiresAt]).toEqual(['2025-11-22T08:00:00.250Z', '2025-11-22T08:01:00.400Z']);
  });
});
