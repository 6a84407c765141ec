import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createUser, loginOperator } from './support/factories.js';
import { balanceOf, runningBalanceMismatches, sleep } from './support/trading.js';
import { createVenueProduct, startVenueFeed, type VenueFeed } from './support/venues.js';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { SettlementService } from '../src/orders/settlement/settlement.service.js';
import { SettlementRepository } from '../src/orders/settlement/settlement.repository.js';

// The real account end to end: money deposited and approved trades like demo money, the winnings
// settle into cash, and the whole balance goes out as a withdrawal; capital records tell the story.
let t: TestApp;
let feed: VenueFeed;
let admin: { auth: { Authorization: string } };

beforeAll(async () => {
  t = await startApp();
  feed = await startVenueFeed(t); // real money trades on prices from (fake) exchanges only
  admin = await loginOperator(t);
});
afterAll(async () => {
  await feed?.close();
  await t?.close();
});

describe('real money, end to end', () => {
  it('deposit, approve, trade, settle, withdraw everything', async () => {
    const u = await createUser(t);
    const method = await t
      .http()
      .post('/api/admin/deposit-methods')
      .set(admin.auth)
      .send({ type: 'bank', names: { 'zh-TW': '銀行' }, details: { bank: 'Bank' }, minAmount: 1, maxAmount: 100000 })
      .expect(201);
    const deposit = await t
      .http()
      .post('/api/deposits')
      .set(u.auth)
      .set('Idempotency-Key', `dep-${u.id}`)
      .send({ methodId: method.body.id, amount: '100.00' })
      .expect(201);
    await t.http().post(`/api/admin/deposits/${deposit.body.id}/approve`).set(admin.auth).expect(200);
    expect(await balanceOf(t, u.id, 'cash')).toBe(10_000);

    const symbol = await createVenueProduct(t, { expiries: [{ seconds: 1, payoutRate: '0.85' }], minStakeCents: 1 });
    await feed.tick(symbol, '50.00');
    const order = await t
      .http()
      .post('/api/orders')
      .set(u.auth)
      .send({ symbol, direction: 'up', amount: '10.00', durationSeconds: 1, account: 'real' })
      .expect(201);
    expect(await balanceOf(t, u.id, 'cash')).toBe(9_000);
    expect(await balanceOf(t, u.id, 'escrow')).toBe(1_000);
    // The demo balance is untouched by a real order.
    const wallet = await t.http().get('/api/wallet').set(u.auth).expect(200);
    expect(wallet.body).toMatchObject({ available: '90.00', inOrders: '10.00' });

    await feed.tick(symbol, '50.01');
    await sleep(Math.max(0, Date.parse(order.body.expiresAt) - Date.now() + 20));
    await feed.tickAfter(symbol, Date.parse(order.body.expiresAt));
    await new SettlementService(new SettlementRepository(t.ds), t.app.get(LedgerService)).settleWindow(0, Date.now() + 60_000);
    const settled = await t.http().get(`/api/orders/${order.body.id}`).set(u.auth).expect(200);
    expect(settled.body).toMatchObject({ status: 'settled', outcome: 'win', payout: '18.50', pnl: '8.50', account: 'real' });
    expect(await balanceOf(t, u.id, 'cash')).toBe(10_850);

    await t
      .http()
      .put('/api/withdrawal-account')
      .set(u.auth)
      .send({
        type: 'crypto',
        accountName: 'R',
        nationality: 'T',
        network: 'TRC20',
        currencyAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        tradePassword: u.tradePassword,
      })
      .expect(200);
    const w = await t
      .http()
      .post('/api/withdrawals')
      .set(u.auth)
      .set('Idempotency-Key', `wd-${u.id}`)
      .send({ amount: '108.50', tradePassword: u.tradePassword })
      .expect(201);
    await t.http().post(`/api/admin/withdrawals/${w.body.id}/approve`).set(admin.auth).expect(200);
    expect(await balanceOf(t, u.id, 'cash')).toBe(0);
    expect(await balanceOf(t, u.id, 'hold')).toBe(0);

    // Newest first, one record per action: the withdrawal (paid), the order (won, its payout), the deposit.
    const records = await t.http().get('/api/wallet/records?limit=100').set(u.auth).expect(200);
    type Row = { action: string; amount: string; status: string | null; returned: string | null; balanceAfter: string };
    expect(records.body.items.map((r: Row) => [r.action, r.amount, r.status, r.returned, r.balanceAfter])).toEqual([
      ['withdrawal', '-108.50', 'successful', null, '0.00'],
      ['order', '-10.00', 'win', '18.50', '90.00'],
      ['deposit', '100.00', null, null, '100.00'],
    ]);
    expect(await ledgerCheck(t)).toMatchObject({ ok: true, imbalance: '0.00' });
    expect(await runningBalanceMismatches(t.ds)).toBe(0);
  });
});
