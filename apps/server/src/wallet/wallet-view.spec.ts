import { describe, expect, it } from '@jest/globals';
import { toWallet } from './wallet-view.js';

describe('toWallet', () => {
  it('adds the real accounts and keeps demo apart', () => {
    expect(toWallet({ cash: 100, hold: 250, escrow: 1000, earn_pending: 5, earn_confirmed: 7, demo: 1_000_000, demo_escrow: 500 })).toEqual({
      available: '1.00',
      frozen: '2.50',
      inOrders: '10.00',
      earn: '0.12',
      total: '13.62',
      demo: '10000.00',
    });
  });
});
