import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createOperator, createUser, loginOperator, type LoggedIn } from './support/factories.js';

// Random sequences of money events over a few users, through the api: after every step the ledger
// invariant holds, no non-negative account is below zero, and each user's cash and hold are what a
// simple model of the rules says.
let t: TestApp;
let admin: { auth: { Authorization: string } };
let reviewer: { auth: { Authorization: string } };
let users: LoggedIn[];
let methodId: string;

beforeAll(async () => {
  t = await startApp();
  admin = await loginOperator(t);
  reviewer = await loginOperator(t, await createOperator(t, 'reviewer'));
  const m = await t
    .http()
    .post('/api/admin/deposit-methods')
    .set(admin.auth)
    .send({ type: 'bank', names: { 'zh-TW': '測試' }, details: { bank: 'Test' }, minAmount: 1, maxAmount: 100000 })
    .expect(201);
  methodId = m.body.id;
  users = [];
  for (let i = 0; i < 3; i++) {
    const u = await createUser(t);
    await t
      .http()
      .put('/api/withdrawal-account')
      .set(u.auth)
      .send({
        type: 'crypto',
        accountName: 'P',
        nationality: 'T',
        network: 'TRC20',
        currencyAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        tradePassword: u.tradePassword,
      })
      .expect(200);
    users.push(u);
  }
});
afterAll(async () => {
  await t.close();
});

type Command =
  | { kind: 'deposit'; user: number; cents: number; approve: boolean }
  | { kind: 'withdraw'; user: number; cents: number }
  | { kind: 'cancel'; user: number }
  | { kind: 'decide'; user: number; approve: boolean; second: boolean };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), user: fc.nat(2), cents: fc.integer({ min: 100, max: 50_000 }), approve: fc.boolean() }),
  fc.record({ kind: fc.constant('withdraw' as const), user: fc.nat(2), cents: fc.integer({ min: 100, max: 60_000 }) }),
  fc.record({ kind: fc.constant('cancel' as const), user: fc.nat(2) }),
  fc.record({ kind: fc.constant('decide' as const), user: fc.nat(2), approve: fc.boolean(), second: fc.boolean() }),
);

const money = (cents: number) => (cents / 100).toFixed(2);

async function balances(userId: string): Promise<{ cash: number; hold: number }> {
  const rows: { kind: string; balance: string }[] = await t.ds.query(
    `SELECT kind, balance FROM ledger_accounts WHERE user_id = $1 AND kind IN ('cash', 'hold')`,
    [userId],
  );
  const of = (k: string) => Number(rows.find((r) => r.kind === k)?.balance ?? 0);
  return { cash: of('cash'), hold: of('hold') };
}

async function inReview(u: LoggedIn): Promise<{ id: string; amount: string }[]> {
  const res = await t.http().get('/api/withdrawals?limit=100').set(u.auth).expect(200);
  return res.body.items.filter((w: { status: string }) => w.status === 'in_review');
}

describe('money properties', () => {
  it('random deposits, decisions, withdrawals and cancels keep the ledger whole and every balance as the rules say', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 20 }), async (commands) => {
        const model = await Promise.all(users.map((u) => balances(u.id)));
        for (const c of commands) {
          const u = users[c.user]!;
          const m = model[c.user]!;
          if (c.kind === 'deposit') {
            const d = await t
              .http()
              .post('/api/deposits')
              .set(u.auth)
              .send({ methodId, amount: money(c.cents) })
              .expect(201);
            const decision = c.approve ? 'approve' : 'reject';
            await t
              .http()
              .post(`/api/admin/deposits/${d.body.id}/${decision}`)
              .set(admin.auth)
              .send(c.approve ? {} : { reason: 'r' })
              .expect(200);
            if (c.approve) m.cash += c.cents;
          } else if (c.kind === 'withdraw') {
            const res = await t
              .http()
              .post('/api/withdrawals')
              .set(u.auth)
              .send({ amount: money(c.cents), tradePassword: u.tradePassword });
            if (c.cents <= m.cash) {
              expect(res.status).toBe(201);
              m.cash -= c.cents;
              m.hold += c.cents;
            } else {
              expect(res.body.error?.code).toBe('INSUFFICIENT_BALANCE');
            }
          } else {
            const open = await inReview(u);
            if (open.length === 0) continue;
            const w = open[0]!;
            const cents = Math.round(Number(w.amount) * 100);
            if (c.kind === 'cancel') {
              await t.http().post(`/api/withdrawals/${w.id}/cancel`).set(u.auth).expect(200);
              m.hold -= cents;
              m.cash += cents;
            } else if (c.approve) {
              await t
                .http()
                .post(`/api/admin/withdrawals/${w.id}/approve`)
                .set((c.second ? reviewer : admin).auth)
                .expect(200);
              m.hold -= cents;
            } else {
              await t.http().post(`/api/admin/withdrawals/${w.id}/reject`).set(reviewer.auth).send({ reason: 'r' }).expect(200);
              m.hold -= cents;
              m.cash += cents;
            }
          }
          expect(await balances(u.id)).toEqual(m);
          const check = await ledgerCheck(t);
          expect(check.ok).toBe(true);
          const [{ negative }] = await t.ds.query(`SELECT count(*)::int AS negative FROM ledger_accounts WHERE NOT allow_negative AND balance < 0`);
          expect(negative).toBe(0);
        }
      }),
      { numRuns: 20 },
    );
  });
});
