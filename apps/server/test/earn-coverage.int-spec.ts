import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { ledgerCheck, startAppOnOwnDatabase, type TestApp } from './support/app.js';
import { createUser, loginOperator, type LoggedIn } from './support/factories.js';
import { fundCash, runningBalanceMismatches } from './support/trading.js';
import { MovableClock, startEarnWorker, type EarnWorker } from './support/earn.js';

// Yu'e Bao's cover (issue 50): who pays the income and for how long the platform's own equity can. Taipei time
// in March 2032 (Monday the 1st), away from the dates other tests use; 1 % a day, cut-off 08:00. The figures are
// platform-wide (every holder's balance, the house's whole result), so the test has a database of its own.
const at = (local: string) => new Date(`2032-${local}:00+08:00`);

let t: TestApp;
let clock: MovableClock;
let worker: EarnWorker;
let admin: { auth: { Authorization: string } };
let a: LoggedIn;
let b: LoggedIn;

beforeAll(async () => {
  clock = new MovableClock(at('03-01T07:00'));
  t = await startAppOnOwnDatabase('earncover', {}, { clock });
  worker = await startEarnWorker(t, clock, { withScheduler: false });
  await t.ds.query(
    `INSERT INTO earn_settings (effective_date, effective_at, daily_rate, cutoff, timezone, min_amount, daily_in_limit, daily_out_limit)
     VALUES ('2032-01-01', '2031-12-31T00:00:00Z', 0.01, '08:00', 'Asia/Taipei', 2000, 60, 60)`,
  );
  await t.ds.query(`DELETE FROM earn_holidays WHERE date BETWEEN '2032-02-01' AND '2032-04-30'`);
  admin = await loginOperator(t);
  a = await createUser(t);
  b = await createUser(t);
  await fundCash(t, a.id, 10_000_00);
  await fundCash(t, b.id, 10_000_00);
}, 60_000);
afterAll(async () => {
  await worker?.close();
  await t?.close();
});

const coverage = async () => (await t.http().get('/api/transparency/earn').expect(200)).body;
const putRate = (dailyRate: string) => t.http().put('/api/admin/earn/settings').set(admin.auth).set('Accept-Language', 'en').send({ dailyRate });

/** The same figures by other SQL: sums of postings (not the accounts' balances), per holder for the income. */
async function independent(rate: string) {
  const [row]: { paid: string; house: string; expense: string; income: string }[] = await t.ds.query(
    `SELECT (SELECT coalesce(sum(p.amount), 0) FROM postings p JOIN journal_entries e ON e.id = p.entry_id
               JOIN ledger_accounts x ON x.id = p.account_id WHERE e.type = 'earn_income' AND x.user_id IS NOT NULL)::bigint AS paid,
            (SELECT coalesce(sum(p.amount), 0) FROM postings p JOIN ledger_accounts x ON x.id = p.account_id
              WHERE x.user_id IS NULL AND x.kind = 'house')::bigint AS house,
            (SELECT coalesce(sum(p.amount), 0) FROM postings p JOIN ledger_accounts x ON x.id = p.account_id
              WHERE x.user_id IS NULL AND x.kind = 'interest_expense')::bigint AS expense,
            (SELECT coalesce(sum(floor(h.s * $1::numeric)), 0) FROM
               (SELECT x.user_id, sum(p.amount) AS s FROM postings p JOIN ledger_accounts x ON x.id = p.account_id
                 WHERE x.kind IN ('earn_confirmed', 'earn_pending') GROUP BY x.user_id) h WHERE h.s > 0)::bigint AS income`,
    [rate],
  );
  const cents = (v: string) => (Number(v) / 100).toFixed(2);
  return { interestPaid: cents(row!.paid), equity: cents(String(Number(row!.house) + Number(row!.expense))), dailyIncome: cents(row!.income) };
}

/** A settled real order through the ledger as settlement posts it: the stake to escrow, then lost to the house or won from it. */
async function trade(userId: string, stake: number, winnings: number | null): Promise<void> {
  const ledger = t.app.get(LedgerService);
  await ledger.transaction(async (em) => {
    const ids = await ledger.userAccountIds(em, userId);
    const house = await ledger.platformAccountId(em, 'house');
    const ref = { userId, refType: 'test_order', refId: `${userId}-${stake}` };
    await ledger.post(em, {
      ...ref,
      type: 'order_stake',
      postings: [
        { accountId: ids.cash, amount: -stake },
        { accountId: ids.escrow, amount: stake },
      ],
    });
    const postings =
      winnings === null
        ? [
            { accountId: ids.escrow, amount: -stake },
            { accountId: house, amount: stake },
          ]
        : [
            { accountId: ids.escrow, amount: -stake },
            { accountId: house, amount: -winnings },
            { accountId: ids.cash, amount: stake + winnings },
          ];
    await ledger.post(em, { ...ref, type: winnings === null ? 'order_loss' : 'order_payout', postings });
  });
}

describe("Yu'e Bao's cover", () => {
  it('is public, holds no user data, and starts with nothing due', async () => {
    const c = await coverage();
    expect(Object.keys(c).sort()).toEqual(['computedAt', 'dailyIncome', 'daysCovered', 'equity', 'interestPaid', 'rate']);
    expect(c).toMatchObject({ rate: '0.01', dailyIncome: '0.00', daysCovered: null });
    expect(c).toMatchObject(await independent('0.01'));
    expect(c.computedAt).toBe(at('03-01T07:00').toISOString());
  });

  it('covers 0 days with no equity: a raise is refused, the same rate is not a raise', async () => {
    await t.http().post('/api/earn/transfer-in').set(a.auth).send({ amount: '5000' }).expect(201);
    await t.http().post('/api/earn/transfer-in').set(b.auth).send({ amount: '3333.33' }).expect(201);
    const c = await coverage();
    // 1 % of 5,000.00 and of 3,333.33, each rounded down: 50.00 + 33.33.
    expect(c).toMatchObject({ equity: '0.00', dailyIncome: '83.33', daysCovered: 0 });
    expect(c).toMatchObject(await independent('0.01'));
    expect((await t.http().get('/api/earn').set(a.auth).expect(200)).body.daysCovered).toBe(0);
    const refused = await putRate('0.011').expect(422);
    expect(refused.body.error).toMatchObject({ code: 'EARN_RATE_NOT_COVERED', field: 'dailyRate', daysCovered: 0, maxRate: '0' });
    expect(refused.body.error.message).toContain('0 days');
    // Another setting with the rate as it is: allowed (the seeded rate is never changed behind anyone's back).
    await t.http().put('/api/admin/earn/settings').set(admin.auth).send({ dailyRate: '0.01', dailyInLimit: 59 }).expect(200);
  });

  it('equals the ledger after trades and income', async () => {
    await trade(a.id, 1_000_00, null); // a loses 1,000.00 to the house
    await trade(b.id, 500_00, 425_00); // b wins 425.00 from it
    // Lots in on Monday 07:00 are confirmed Tuesday 08:00; Tuesday's income is posted Wednesday 08:00.
    clock.set(at('03-03T08:00'));
    const run = await worker.runJob();
    expect(run.dates.map((d) => d.date)).toContain('2032-03-02');
    const c = await coverage();
    // Income: 50.00 + 33.33 = 83.33; equity 1,000.00 - 425.00 - 83.33 = 491.67; today 50.50 + 33.66 = 84.16: 5 days.
    expect(c).toMatchObject({ interestPaid: '83.33', equity: '491.67', dailyIncome: '84.16', daysCovered: 5, rate: '0.01' });
    expect(c).toMatchObject(await independent('0.01'));
    expect((await t.http().get('/api/earn').set(b.auth).expect(200)).body.daysCovered).toBe(5);
  });

  it('refuses a raise covered for fewer than 30 days, allows exactly 30 and any lowering', async () => {
    // Balances 5,050.00 and 3,366.66; equity 491.67.
    const twice = await putRate('0.02').expect(422);
    expect(twice.body.error).toMatchObject({ code: 'EARN_RATE_NOT_COVERED', daysCovered: 2, maxRate: '0.00194614' });
    // Lowering is always allowed, even to a rate still covered for fewer than 30 days (11 at 0.5 %).
    await putRate('0.005').expect(200);
    await putRate('0.001').expect(200);
    // 0.19 %: 9.59 + 6.39 = 15.98 a day, 491.67 / 15.98 = 30.77: exactly 30 days is enough.
    await putRate('0.0019').expect(200);
    // 0.2 %: 10.10 + 6.73 = 16.83 a day: 29 days.
    const short = await putRate('0.002').expect(422);
    expect(short.body.error).toMatchObject({ code: 'EARN_RATE_NOT_COVERED', daysCovered: 29, maxRate: '0.00194614' });
    expect(short.body.error.message).toContain('29');
    // The highest covered rate is itself allowed.
    await putRate('0.00194614').expect(200);
    const settings = (await t.http().get('/api/admin/earn/settings').set(admin.auth).expect(200)).body;
    expect(settings.versions[0].dailyRate).toBe('0.00194614');
  });

  it('leaves the ledger whole', async () => {
    expect(await ledgerCheck(t)).toMatchObject({ ok: true, imbalance: '0.00' });
    expect(await runningBalanceMismatches(t.ds)).toBe(0);
  });
});
