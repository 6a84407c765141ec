import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createUser, loginOperator, type LoggedIn } from './support/factories.js';
import { balanceOf, runningBalanceMismatches, sleep } from './support/trading.js';
import { createVenueProduct, startVenueFeed, type VenueFeed } from './support/venues.js';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { SettlementService } from '../src/orders/settlement/settlement.service.js';
import { SettlementRepository } from '../src/orders/settlement/settlement.repository.js';

// One capital record per thing the user did: a withdrawal is one row whatever became of it (its hold,
// payment or return fold in), an order is one row with its result, a Yu'e Bao transfer one row; each
// with the available balance after it, and the ledger's postings of every folded entry in its particulars.
let t: TestApp;
let feed: VenueFeed;
let admin: { auth: { Authorization: string } };
let u: LoggedIn;
let other: LoggedIn;

interface Row {
  id: string;
  action: string;
  type: string;
  amount: string;
  status: string | null;
  returned: string | null;
  balanceAfter: string;
  ref: string | null;
}

async function allPages(user: LoggedIn, limit: number): Promise<Row[]> {
  const out: Row[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const path: string = `/api/wallet/records?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const body: { items: Row[]; nextCursor: string | null } = (await t.http().get(path).set(user.auth).expect(200)).body;
    out.push(...body.items);
    cursor = body.nextCursor;
    if (!cursor) return out;
  }
  throw new Error('paging did not end');
}

async function withdraw(amount: string, key: string): Promise<string> {
  const w = await t.http().post('/api/withdrawals').set(u.auth).set('Idempotency-Key', key).send({ amount, tradePassword: u.tradePassword }).expect(201);
  return w.body.id as string;
}

beforeAll(async () => {
  t = await startApp();
  feed = await startVenueFeed(t);
  admin = await loginOperator(t);
  u = await createUser(t);
  other = await createUser(t);

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
    .send({ methodId: method.body.id, amount: '1000.00' })
    .expect(201);
  await t.http().post(`/api/admin/deposits/${deposit.body.id}/approve`).set(admin.auth).expect(200);
  const theirs = await t
    .http()
    .post('/api/deposits')
    .set(other.auth)
    .set('Idempotency-Key', `dep-${other.id}`)
    .send({ methodId: method.body.id, amount: '5.00' })
    .expect(201);
  await t.http().post(`/api/admin/deposits/${theirs.body.id}/approve`).set(admin.auth).expect(200);

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
  // 1000 -> 800 (paid), -> 700 and back to 800 (rejected), -> 750 (still in review).
  const paid = await withdraw('200.00', `wd-paid-${u.id}`);
  await t.http().post(`/api/admin/withdrawals/${paid}/approve`).set(admin.auth).expect(200);
  const refused = await withdraw('100.00', `wd-refused-${u.id}`);
  await t.http().post(`/api/admin/withdrawals/${refused}/reject`).set(admin.auth).send({ reason: 'Name does not match' }).expect(200);
  await withdraw('50.00', `wd-pending-${u.id}`);

  // A deposit still in review: no ledger entry, so no record, but counted as in review.
  await t.http().post('/api/deposits').set(u.auth).set('Idempotency-Key', `dep-pending-${u.id}`).send({ methodId: method.body.id, amount: '7.00' }).expect(201);

  // 750 -> 450 into Yu'e Bao.
  await t.http().post('/api/earn/transfer-in').set(u.auth).send({ amount: '300' }).expect(201);

  // Two orders of 10.00 on the same expiry, up and down; the price rises: 430 after the stakes, 448.50 after.
  const symbol = await createVenueProduct(t, { expiries: [{ seconds: 5, payoutRate: '0.85' }], minStakeCents: 1 });
  await feed.tick(symbol, '50.00');
  const orders = [];
  for (const direction of ['up', 'down']) {
    orders.push(
      (await t.http().post('/api/orders').set(u.auth).send({ symbol, direction, amount: '10.00', durationSeconds: 5, account: 'real' }).expect(201)).body,
    );
  }
  await feed.tick(symbol, '51.00'); // before the expiry: the first price after it is 51.00
  const expiry = Math.max(...orders.map((o) => Date.parse(o.expiresAt)));
  await sleep(Math.max(0, expiry - Date.now() + 20));
  await feed.tickAfter(symbol, expiry);
  await new SettlementService(new SettlementRepository(t.ds), t.app.get(LedgerService)).settleWindow(0, Date.now() + 60_000);
  expect(await balanceOf(t, u.id, 'cash')).toBe(448_50);
}, 120_000);
afterAll(async () => {
  await feed?.close();
  await t?.close();
});

describe('capital records, one per action', () => {
  it('shows each action once with its amount, status, what came back, and the available balance after it', async () => {
    const rows = await allPages(u, 50);
    expect(rows.map((r) => [r.action, r.amount, r.status, r.returned, r.balanceAfter])).toEqual([
      ['order', '-10.00', 'loss', '0.00', '430.00'],
      ['order', '-10.00', 'win', '18.50', '440.00'],
      ['earn_in', '-300.00', null, null, '450.00'],
      ['withdrawal', '-50.00', 'in_review', null, '750.00'],
      ['withdrawal', '-100.00', 'failed', '100.00', '700.00'],
      ['withdrawal', '-200.00', 'successful', null, '800.00'],
      ['deposit', '1000.00', null, null, '1000.00'],
    ]);
  });

  it('pages across the folded rows without repeats or gaps', async () => {
    const whole = (await allPages(u, 50)).map((r) => r.id);
    expect(new Set(whole).size).toBe(whole.length);
    for (const limit of [1, 2, 3]) expect((await allPages(u, limit)).map((r) => r.id)).toEqual(whole);
  });

  it("keeps every folded entry's postings one tap away, in the record's particulars", async () => {
    const rows = await allPages(u, 50);
    const detail = async (r: Row) => (await t.http().get(`/api/wallet/records/${r.id}`).set(u.auth).expect(200)).body;

    const refused = await detail(rows.find((r) => r.status === 'failed')!);
    expect(refused).toMatchObject({ action: 'withdrawal', status: 'failed', amount: '-100.00', returned: '100.00' });
    expect(refused.postings.map((p: { type: string; account: string; amount: string }) => [p.type, p.account, p.amount])).toEqual([
      ['withdrawal', 'cash', '-100.00'],
      ['withdrawal', 'hold', '100.00'],
      ['withdrawal_refund', 'hold', '-100.00'],
      ['withdrawal_refund', 'cash', '100.00'],
    ]);
    const paid = await detail(rows.find((r) => r.status === 'successful')!);
    expect(paid.postings.map((p: { type: string; account: string; owner: string }) => [p.type, p.account, p.owner])).toEqual([
      ['withdrawal', 'cash', 'you'],
      ['withdrawal', 'hold', 'you'],
      ['withdrawal', 'hold', 'you'],
      ['withdrawal', 'withdrawals_clearing', 'platform'],
    ]);
    const won = await detail(rows.find((r) => r.status === 'win')!);
    expect(won.postings.map((p: { type: string }) => p.type)).toEqual(expect.arrayContaining(['order_stake', 'order_payout']));
    const lost = await detail(rows.find((r) => r.status === 'loss')!);
    expect(lost.postings.map((p: { type: string; account: string; amount: string }) => [p.type, p.account, p.amount])).toEqual(
      expect.arrayContaining([
        ['order_stake', 'cash', '-10.00'],
        ['order_loss', 'escrow', '-10.00'],
      ]),
    );
    const transfer = await detail(rows.find((r) => r.action === 'earn_in')!);
    expect(transfer.postings.map((p: { account: string; amount: string }) => [p.account, p.amount])).toEqual([
      ['cash', '-300.00'],
      ['earn_pending', '300.00'],
    ]);
  });

  it("reaches none of another user's records, and no folded posting as a record of its own", async () => {
    const mine = await allPages(u, 50);
    const theirs = await allPages(other, 50);
    expect(theirs.map((r) => [r.action, r.amount])).toEqual([['deposit', '5.00']]);
    await t.http().get(`/api/wallet/records/${theirs[0]!.id}`).set(u.auth).expect(404);
    await t.http().get(`/api/wallet/records/${mine[0]!.id}`).set(other.auth).expect(404);
    // The hold leg of a withdrawal is a posting of the user's, but not a record: its id is not found.
    const [holdLeg] = await t.ds.query(
      `SELECT p.id::text AS id FROM postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.user_id = $1 AND a.kind = 'hold' LIMIT 1`,
      [u.id],
    );
    await t.http().get(`/api/wallet/records/${holdLeg.id}`).set(u.auth).expect(404);
  });

  it('counts deposits and withdrawals in review together in the summary', async () => {
    const summary = (await t.http().get('/api/me/summary').set(u.auth).expect(200)).body;
    expect(summary).toMatchObject({ frozen: '50.00', pendingDeposits: '7.00', inReview: '57.00' });
    expect((await t.http().get('/api/me/summary').set(other.auth).expect(200)).body).toMatchObject({ pendingDeposits: '0.00', inReview: '0.00' });
  });

  it('exports the same rows as CSV', async () => {
    const csv = (await t.http().get('/api/wallet/records.csv').set(u.auth).expect(200)).text.trim().split('\n');
    expect(csv[0]).toBe('id,entryNo,createdAt,action,type,status,account,amount,returned,balanceAfter,ref');
    expect(csv.slice(1).map((l) => l.split(',').slice(3, 10).join(' '))).toEqual([
      'order order_stake loss cash -10.00 0.00 430.00',
      'order order_stake win cash -10.00 18.50 440.00',
      'earn_in earn_in  cash -300.00  450.00',
      'withdrawal withdrawal in_review cash -50.00  750.00',
      'withdrawal withdrawal failed cash -100.00 100.00 700.00',
      'withdrawal withdrawal successful cash -200.00  800.00',
      'deposit deposit  cash 1000.00  1000.00',
    ]);
    expect(await ledgerCheck(t)).toMatchObject({ ok: true, imbalance: '0.00' });
    expect(await runningBalanceMismatches(t.ds)).toBe(0);
  });
});
