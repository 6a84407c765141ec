import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ledgerCheck, startAppOnOwnDatabase, type TestApp } from './support/app.js';
import { createUser, loginOperator, type LoggedIn } from './support/factories.js';
import { balanceOf, fundCash } from './support/trading.js';
import { MovableClock, startEarnWorker, type EarnWorker } from './support/earn.js';

// Two simulated weeks of Yu'e Bao in Taipei time (1 % a day, cut-off 08:00, Wednesday 12 March 2031 a
// holiday) with the real api and worker on one moved clock. The income of every user and day, and every
// share, is the table below, worked out by hand from the rules (income of day D = what was held through D,
// confirmed by D's cut-off, times 1 %, rounded down to the cent; posted at 08:00 on D + 1).
const at = (local: string) => new Date(`2031-${local}:00+08:00`);
const iso = (local: string) => at(local).toISOString();
type Who = 'A' | 'B' | 'C';
const WHO: Who[] = ['A', 'B', 'C'];

let t: TestApp;
let clock: MovableClock;
let worker: EarnWorker;
let u: Record<Who | 'D' | 'E', LoggedIn>;
let expenseBefore: number;

beforeAll(async () => {
  clock = new MovableClock(at('03-03T05:00'));
  // Its own database: catching up starts from the first Yu'e Bao lot ever, whichever test made it.
  t = await startAppOnOwnDatabase('earn', {}, { clock });
  // Two holders per income statement, so a day's posting is several transactions.
  worker = await startEarnWorker(t, clock, { withScheduler: false, config: { EARN_INCOME_BATCH: 2 } });
  // This test's own settings from 2031 on (a newer version wins), and its own holidays in March.
  await t.ds.query(
    `INSERT INTO earn_settings (effective_date, effective_at, daily_rate, cutoff, timezone, min_amount, daily_in_limit, daily_out_limit)
     VALUES ('2031-01-01', '2030-12-31T00:00:00Z', 0.01, '08:00', 'Asia/Taipei', 2000, 60, 60)`,
  );
  await t.ds.query(`DELETE FROM earn_holidays WHERE date BETWEEN '2031-02-01' AND '2031-04-30'`);
  const admin = await loginOperator(t);
  await t.http().post('/api/admin/earn/holidays').set(admin.auth).send({ date: '2031-03-12', name: 'Test holiday' }).expect(201);
  u = { A: await createUser(t), B: await createUser(t), C: await createUser(t), D: await createUser(t), E: await createUser(t) };
  await fundCash(t, u.A.id, 2_000_00);
  await fundCash(t, u.B.id, 3_000_00);
  await fundCash(t, u.C.id, 100_00);
  await fundCash(t, u.D.id, 1_300_00);
  expenseBefore = Number((await t.ds.query(`SELECT balance FROM ledger_accounts WHERE user_id IS NULL AND kind = 'interest_expense'`))[0].balance);
}, 60_000);
afterAll(async () => {
  await worker?.close();
  await t?.close();
});

const transfer = (who: LoggedIn, dir: 'in' | 'out', amount: string, key?: string) => {
  const req = t.http().post(`/api/earn/transfer-${dir}`).set(who.auth).set('Accept-Language', 'en');
  return (key ? req.set('Idempotency-Key', key) : req).send({ amount });
};
const moveIn = async (who: Who, local: string, amount: string) => {
  clock.set(at(local));
  return (await transfer(u[who], 'in', amount).expect(201)).body;
};
const moveOut = async (who: Who, local: string, amount: string) => {
  clock.set(at(local));
  return (await transfer(u[who], 'out', amount).expect(201)).body;
};
const expectLedgerOk = async () => expect(await ledgerCheck(t)).toMatchObject({ ok: true, imbalance: '0.00' });
/** The cut-off job at `local`: the income dates it posted, and the ledger whole after it. */
async function morning(local: string, dates: string[]) {
  clock.set(at(local));
  const r = await worker.runJob();
  expect(r.dates.map((d) => d.date)).toEqual(dates.map((d) => `2031-${d}`));
  await expectLedgerOk();
  return r;
}
/** Each user's income of a date, as posted. */
async function incomeOn(day: string): Promise<Partial<Record<Who, string>>> {
  const rows: { user_id: string; amount: string }[] = await t.ds.query(`SELECT user_id, amount FROM earn_income WHERE date = $1`, [`2031-${day}`]);
  const out: Partial<Record<Who, string>> = {};
  for (const w of WHO) {
    const r = rows.find((x) => x.user_id === u[w].id);
    if (r) out[w] = (Number(r.amount) / 100).toFixed(2);
  }
  return out;
}
/** Confirmed, pending and total income of A, B and C as GET /api/earn shows them. */
async function expectShares(expected: Partial<Record<Who, [string, string, string]>>) {
  for (const [w, [confirmed, pending, totalIncome]] of Object.entries(expected) as [Who, [string, string, string]][]) {
    const s = (await t.http().get('/api/earn').set(u[w].auth).expect(200)).body;
    expect({ w, confirmed: s.confirmed, pending: s.pending, totalIncome: s.totalIncome }).toEqual({ w, confirmed, pending, totalIncome });
  }
}

describe("Yu'e Bao over two weeks", () => {
  it('confirms, pays and takes out exactly as the table says, catching up and recovering in order', async () => {
    // Week 1. Monday 3 March: A before the cut-off (trade today), B after it (trade tomorrow).
    expect(await moveIn('A', '03-03T06:00', '1000')).toMatchObject({
      type: 'in',
      amount: '1000.00',
      status: 'pending',
      tradeDate: '2031-03-03',
      confirmAt: iso('03-04T08:00'),
      firstIncomeOn: '2031-03-05',
      withdrawableAt: iso('03-04T06:00'),
      remaining: '1000.00',
    });
    expect(await moveIn('B', '03-03T10:00', '2000.00')).toMatchObject({ tradeDate: '2031-03-04', confirmAt: iso('03-05T08:00'), firstIncomeOn: '2031-03-06' });
    await expectShares({ A: ['0.00', '1000.00', '0.00'], B: ['0.00', '2000.00', '0.00'] });

    let r = await morning('03-04T08:00', []);
    expect(r.confirmed).toMatchObject({ entries: 1, amount: '1000.00' });
    await expectShares({ A: ['1000.00', '0.00', '0.00'], B: ['0.00', '2000.00', '0.00'] });
    await morning('03-05T08:00', ['03-04']);
    expect(await incomeOn('03-04')).toEqual({ A: '10.00' });
    await expectShares({ A: ['1010.00', '0.00', '10.00'], B: ['2000.00', '0.00', '0.00'] });
    await morning('03-06T08:00', ['03-05']);
    expect(await incomeOn('03-05')).toEqual({ A: '10.10', B: '20.00' });

    // Thursday: A takes 500.00 out (its income 20.10 first, then 479.90 of its lot); C: 19.99 is too little.
    expect(await moveOut('A', '03-06T09:00', '500')).toMatchObject({ type: 'out', amount: '500.00', status: 'done' });
    clock.set(at('03-06T09:30'));
    const small = await transfer(u.C, 'in', '19.99').expect(422);
    expect(small.body.error).toMatchObject({ code: 'EARN_MIN_AMOUNT', field: 'amount', message: 'The minimum per transfer is 20.00' });
    expect(await moveIn('C', '03-06T09:30', '20')).toMatchObject({
      tradeDate: '2031-03-07',
      confirmAt: iso('03-10T08:00'),
      withdrawableAt: iso('03-07T09:30'),
    });
    await expectShares({ A: ['520.10', '0.00', '20.10'], C: ['0.00', '20.00', '0.00'] });

    await morning('03-07T08:00', ['03-06']);
    expect(await incomeOn('03-06')).toEqual({ A: '5.20', B: '20.20' }); // A held 520.10 through the day
    // Friday: C's lot is not a day old before 09:30.
    clock.set(at('03-07T09:00'));
    expect((await transfer(u.C, 'out', '20').expect(422)).body.error.code).toBe('EARN_NOT_WITHDRAWABLE');
    expect((await t.http().get('/api/earn').set(u.C.auth)).body.withdrawable).toBe('0.00');
    clock.set(at('03-07T09:30'));
    expect((await t.http().get('/api/earn').set(u.C.auth)).body.withdrawable).toBe('20.00');

    await morning('03-08T08:00', ['03-07']);
    expect(await incomeOn('03-07')).toEqual({ A: '5.25', B: '20.40' });
    await morning('03-09T08:00', ['03-08']);
    expect(await incomeOn('03-08')).toEqual({ A: '5.30', B: '20.60' });
    r = await morning('03-10T08:00', ['03-09']);
    expect(r.confirmed).toMatchObject({ entries: 1, amount: '20.00' });
    expect(await incomeOn('03-09')).toEqual({ A: '5.35', B: '20.81' });
    await expectShares({ A: ['541.20', '0.00', '41.20'], B: ['2102.01', '0.00', '102.01'], C: ['20.00', '0.00', '0.00'] });

    // Week 2. B after Monday's cut-off, A on Tuesday before it: both confirm on Thursday, after the holiday.
    expect(await moveIn('B', '03-10T10:00', '500')).toMatchObject({ tradeDate: '2031-03-11', confirmAt: iso('03-13T08:00'), firstIncomeOn: '2031-03-14' });
    expect(await moveIn('A', '03-11T07:00', '300')).toMatchObject({
      tradeDate: '2031-03-11',
      confirmAt: iso('03-13T08:00'),
      withdrawableAt: iso('03-12T07:00'),
    });
    await morning('03-11T08:00', ['03-10']);
    expect(await incomeOn('03-10')).toEqual({ A: '5.41', B: '21.02', C: '0.20' });
    await expectShares({ A: ['546.61', '300.00', '46.61'], B: ['2123.03', '500.00', '123.03'], C: ['20.20', '0.00', '0.20'] });
    r = await morning('03-12T08:00', ['03-11']); // the holiday: income, no confirmation
    expect(r.confirmed.entries).toBe(0);
    expect(await incomeOn('03-11')).toEqual({ A: '5.46', B: '21.23', C: '0.20' });
    expect(await moveIn('C', '03-12T09:00', '50')).toMatchObject({ tradeDate: '2031-03-13', confirmAt: iso('03-14T08:00'), firstIncomeOn: '2031-03-15' });

    // Thursday: the job dies between the confirmations and the income; the rerun pays once.
    await t.ds.query(`CREATE FUNCTION earn_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'test crash'; END $$`);
    await t.ds.query(`CREATE TRIGGER earn_test_crash BEFORE INSERT ON earn_income FOR EACH STATEMENT EXECUTE FUNCTION earn_test_fail()`);
    clock.set(at('03-13T08:00'));
    await expect(worker.runJob()).rejects.toThrow(/test crash/);
    await expectLedgerOk();
    await expectShares({ A: ['852.07', '0.00', '52.07'], B: ['2644.26', '0.00', '144.26'], C: ['20.40', '50.00', '0.40'] });
    expect(await incomeOn('03-12')).toEqual({});
    await t.ds.query(`DROP TRIGGER earn_test_crash ON earn_income`);
    r = await morning('03-13T08:00', ['03-12']);
    expect(r.confirmed.entries).toBe(0);
    expect(await incomeOn('03-12')).toEqual({ A: '5.52', B: '21.44', C: '0.20' }); // A's new lot was not confirmed on the 12th
    await expectShares({ A: ['857.59', '0.00', '57.59'], B: ['2665.70', '0.00', '165.70'], C: ['20.60', '50.00', '0.60'] });
    // Run twice for the date: nothing more is due, and posting the date again pays nobody.
    await morning('03-13T08:00', []);
    const again = await worker.posting.postIncome('2031-03-12', at('03-13T08:00'), await loadVersionsFor());
    expect(again).toMatchObject({ date: '2031-03-12', holders: 3, income: '27.16' });
    expect(await incomeOn('03-12')).toEqual({ A: '5.52', B: '21.44', C: '0.20' });
    await expectShares({ A: ['857.59', '0.00', '57.59'], B: ['2665.70', '0.00', '165.70'] });
    await expectLedgerOk();

    await moveOut('A', '03-13T12:00', '100'); // income 37.49 first, then 62.51 of A's oldest lot
    await morning('03-14T08:00', ['03-13']);
    expect(await incomeOn('03-13')).toEqual({ A: '7.57', B: '26.65', C: '0.20' });
    await expectShares({ A: ['765.16', '0.00', '65.16'], B: ['2692.35', '0.00', '192.35'], C: ['70.80', '0.00', '0.80'] });

    // Three mornings without the job (Saturday to Monday). B takes 1000.00 out on Sunday at noon.
    await moveOut('B', '03-16T12:00', '1000');
    await expectShares({ B: ['1692.35', '0.00', '192.35'] });
    r = await morning('03-17T09:00', ['03-14', '03-15', '03-16']);
    expect(r.dates.map((d) => d.income)).toEqual(['35.27', '35.62', '25.98']);
    expect(await incomeOn('03-14')).toEqual({ A: '7.65', B: '26.92', C: '0.70' }); // B still held it all on the 14th and 15th
    expect(await incomeOn('03-15')).toEqual({ A: '7.72', B: '27.19', C: '0.71' });
    expect(await incomeOn('03-16')).toEqual({ A: '7.80', B: '17.46', C: '0.72' }); // B without the 1000.00 on the 16th
    await expectShares({ A: ['788.33', '0.00', '88.33'], B: ['1763.92', '0.00', '263.92'], C: ['72.93', '0.00', '2.93'] });

    await limitsMonday();

    // Tuesday: a crash half-way through the day's holders (two per transaction); the rerun pays the rest once.
    const holders: string[] = (await t.ds.query(`SELECT user_id FROM earn_holders ORDER BY user_id`)).map((h: { user_id: string }) => h.user_id);
    const batchOf = (w: Who) => Math.floor(holders.indexOf(u[w].id) / 2);
    const target = WHO.reduce((a, b) => (batchOf(b) > batchOf(a) ? b : a));
    expect(batchOf(target)).toBeGreaterThan(0);
    await t.ds.query(
      `CREATE TRIGGER earn_test_crash BEFORE INSERT ON earn_income FOR EACH ROW WHEN (NEW.user_id = '${u[target].id}') EXECUTE FUNCTION earn_test_fail()`,
    );
    clock.set(at('03-18T08:00'));
    await expect(worker.runJob()).rejects.toThrow(/test crash/);
    await expectLedgerOk();
    const paidFirst = WHO.filter((w) => batchOf(w) < batchOf(target));
    expect(paidFirst.length).toBeGreaterThan(0);
    expect(Object.keys(await incomeOn('03-17')).sort()).toEqual(paidFirst.sort());
    await t.ds.query(`DROP TRIGGER earn_test_crash ON earn_income; DROP FUNCTION earn_test_fail()`);
    await morning('03-18T08:00', ['03-17']);
    expect(await incomeOn('03-17')).toEqual({ A: '7.88', B: '17.63', C: '0.72' });
    await expectShares({ A: ['796.21', '0.00', '96.21'], B: ['1781.55', '0.00', '281.55'], C: ['73.65', '0.00', '3.65'] });
    const [run] = await t.ds.query(`SELECT holders, income_total::text, finished_at FROM earn_runs WHERE date = '2031-03-17'`);
    expect(run).toMatchObject({ holders: 3, income_total: '2623' });
    expect(run.finished_at).not.toBeNull();

    await limitsTuesday();

    // Money everywhere adds up: cash, the platform's interest expense, the wallet and the personal center.
    expect(await balanceOf(t, u.A.id, 'cash')).toBe(1_300_00);
    expect(await balanceOf(t, u.B.id, 'cash')).toBe(1_500_00);
    expect(await balanceOf(t, u.C.id, 'cash')).toBe(30_00);
    const expense = Number((await t.ds.query(`SELECT balance FROM ledger_accounts WHERE user_id IS NULL AND kind = 'interest_expense'`))[0].balance);
    expect(expenseBefore - expense).toBe(381_41);
    expect((await t.http().get('/api/wallet').set(u.A.auth).expect(200)).body).toMatchObject({ available: '1300.00', earn: '796.21', total: '2096.21' });
    expect((await t.http().get('/api/me/summary').set(u.B.auth).expect(200)).body).toMatchObject({ earn: '1781.55', totalAssets: '3281.55' });
    await expectLedgerOk();
  }, 180_000);

  it('shows the figures, the chart, the records and the capital records of that fortnight', async () => {
    clock.set(at('03-19T00:30'));
    const s = (await t.http().get('/api/earn').set(u.B.auth).expect(200)).body;
    expect(s).toMatchObject({
      total: '1781.55',
      withdrawable: '1781.55',
      yesterdayIncome: '17.63',
      incomeDate: '2031-03-17',
      totalIncome: '281.55',
      incomePer10k: '100.00',
      sevenDayYield: '3.648312', // the mean of income / shares of 11 to 17 March, times 365 (worked out by hand)
      dailyRate: '0.01',
      annualizedRate: '3.650000',
      annualizedRateCompounded: '36.783434',
      minAmount: '20.00',
      remainingInToday: 60,
      remainingOutToday: 60,
      countsResetAt: iso('03-20T00:00'),
      cutoff: '08:00',
      timezone: 'Asia/Taipei',
      nextPostingAt: iso('03-19T08:00'),
    });
    const chart = (await t.http().get('/api/earn/income?days=30').set(u.B.auth).expect(200)).body as { date: string; income: string }[];
    expect(chart).toHaveLength(30);
    expect(chart[0]!.date).toBe('2031-02-16');
    expect(chart.slice(-14).map((d) => d.income)).toEqual([
      '0.00',
      '20.00',
      '20.20',
      '20.40',
      '20.60',
      '20.81',
      '21.02',
      '21.23',
      '21.44',
      '26.65',
      '26.92',
      '27.19',
      '17.46',
      '17.63',
    ]);

    // A's records, page by page: 2 transfers in, 2 out, 14 days of income, newest first, none twice.
    const seen: { id: string; type: string; createdAt: string }[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: typeof seen; nextCursor: string | null } = (
        await t
          .http()
          .get(`/api/earn/records?limit=5${cursor ? `&cursor=${cursor}` : ''}`)
          .set(u.A.auth)
          .expect(200)
      ).body;
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(18);
    expect(new Set(seen.map((x) => x.id)).size).toBe(18);
    expect(seen.map((x) => x.createdAt)).toEqual([...seen.map((x) => x.createdAt)].sort().reverse());
    const ins = (await t.http().get('/api/earn/records?type=in').set(u.A.auth).expect(200)).body.items;
    expect(ins).toMatchObject([
      { amount: '300.00', status: 'confirmed', remaining: '300.00', tradeDate: '2031-03-11' },
      { amount: '1000.00', status: 'confirmed', remaining: '457.59', confirmAt: iso('03-04T08:00'), firstIncomeOn: '2031-03-05' },
    ]);
    const income = (await t.http().get('/api/earn/records?type=income&limit=2').set(u.A.auth).expect(200)).body.items;
    expect(income).toEqual([
      { id: 'income-2031-03-17', type: 'income', amount: '7.88', createdAt: iso('03-18T08:00'), status: 'done', date: '2031-03-17' },
      { id: 'income-2031-03-16', type: 'income', amount: '7.80', createdAt: iso('03-17T09:00'), status: 'done', date: '2031-03-16' },
    ]);
    // The capital records show every movement on the ledger.
    const capital = (await t.http().get('/api/wallet/records?type=earn_income&limit=100').set(u.A.auth).expect(200)).body.items as {
      amount: string;
      account: string;
    }[];
    expect(capital).toHaveLength(14);
    expect(capital.every((c) => c.account === 'earn_confirmed')).toBe(true);
    expect(capital.reduce((sum, c) => sum + Math.round(Number(c.amount) * 100), 0)).toBe(96_21);
    const outs = (await t.http().get('/api/wallet/records?type=earn_out').set(u.A.auth).expect(200)).body.items as { amount: string; account: string }[];
    expect(outs.filter((c) => c.account === 'cash').map((c) => c.amount)).toEqual(['100.00', '500.00']);
  });

  it('lets nobody read another user’s Yu’e Bao', async () => {
    const mine = (await t.http().get('/api/earn/records').set(u.E.auth).expect(200)).body;
    expect(mine).toEqual({ items: [], nextCursor: null });
    expect((await t.http().get('/api/earn').set(u.E.auth).expect(200)).body).toMatchObject({ total: '0.00', totalIncome: '0.00', yesterdayIncome: '0.00' });
    // A cursor taken from A's list walks only E's own records.
    const a = (await t.http().get('/api/earn/records?limit=1').set(u.A.auth).expect(200)).body;
    expect((await t.http().get(`/api/earn/records?cursor=${a.nextCursor}`).set(u.E.auth).expect(200)).body.items).toEqual([]);
    const dIds = new Set(((await t.http().get('/api/earn/records?limit=100').set(u.D.auth).expect(200)).body.items as { id: string }[]).map((x) => x.id));
    const aIds = ((await t.http().get('/api/earn/records?limit=100').set(u.A.auth).expect(200)).body.items as { id: string; type: string }[]).filter(
      (x) => x.type !== 'income',
    );
    expect(aIds.filter((x) => dIds.has(x.id))).toEqual([]);
    expect((await t.http().get('/api/earn/records?cursor=bm90LWEtY3Vyc29y').set(u.E.auth).expect(400)).body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'cursor',
    });
    expect((await t.http().get('/api/earn')).status).toBe(401);
  });

  it('shows operators the totals, the last income and what the next posting should pay', async () => {
    clock.set(at('03-19T00:30'));
    const admin = await loginOperator(t);
    const d = (await t.http().get('/api/admin/earn/dashboard').set(admin.auth).expect(200)).body;
    const [sums] = await t.ds.query(
      `SELECT coalesce(sum(balance) FILTER (WHERE kind = 'earn_confirmed'), 0)::bigint AS c, coalesce(sum(balance) FILTER (WHERE kind = 'earn_pending'), 0)::bigint AS p
         FROM ledger_accounts WHERE user_id IS NOT NULL`,
    );
    expect(d).toMatchObject({
      yesterdayIncome: '26.23',
      incomeDate: '2031-03-17',
      nextIncomeDate: '2031-03-18',
      nextPostingAt: iso('03-19T08:00'),
      timezone: 'Asia/Taipei',
    });
    expect([d.confirmed, d.pending]).toEqual([(Number(sums.c) / 100).toFixed(2), (Number(sums.p) / 100).toFixed(2)]);
    // 796.21, 1781.55 and 73.65 held through the 18th at 1 %: 7.96 + 17.81 + 0.73.
    expect(d.nextPostingExpected).toBe('26.50');
    expect(d.recentRuns[0]).toMatchObject({ date: '2031-03-17', holders: 3, incomeTotal: '26.23', dailyRate: '0.01' });
  });
});

/** The versions as the worker reads them (for posting a date again by hand). */
async function loadVersionsFor() {
  const { loadVersions } = await import('../src/earn/earn-settings.js');
  return loadVersions(t.ds.manager);
}

/** D on Monday 17 March: 60 transfers in, the 61st refused until the local midnight starts a new count. */
async function limitsMonday() {
  clock.set(at('03-17T10:00'));
  for (let i = 0; i < 60; i++) await transfer(u.D, 'in', '20', `d-in-${i}`).expect(201);
  const replay = await transfer(u.D, 'in', '20.00', 'd-in-0').expect(201);
  expect(replay.headers['idempotent-replayed']).toBe('true');
  expect((await transfer(u.D, 'in', '21', 'd-in-0').expect(409)).body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  const sixtyFirst = await transfer(u.D, 'in', '20').expect(422);
  expect(sixtyFirst.body.error).toMatchObject({ code: 'EARN_DAILY_LIMIT', message: "You have reached today's transfer limit" });
  expect((await t.http().get('/api/earn').set(u.D.auth).expect(200)).body).toMatchObject({
    pending: '1200.00',
    remainingInToday: 0,
    remainingOutToday: 60,
    countsResetAt: iso('03-18T00:00'),
  });
  clock.set(new Date(at('03-18T00:00').getTime() - 1));
  await transfer(u.D, 'in', '20').expect(422);
  clock.set(at('03-18T00:00'));
  await transfer(u.D, 'in', '20').expect(201);
  await expectLedgerOk();
}

/** D on Tuesday 18 March: nothing leaves before it is a day old; 60 transfers out (a replay moves nothing), the 61st refused. */
async function limitsTuesday() {
  clock.set(new Date(at('03-18T10:00').getTime() - 1));
  expect((await transfer(u.D, 'out', '20').expect(422)).body.error.code).toBe('EARN_NOT_WITHDRAWABLE');
  clock.set(at('03-18T10:00'));
  for (let i = 0; i < 60; i++) await transfer(u.D, 'out', '20', `d-out-${i}`).expect(201);
  // A replayed transfer out answers as the first did and moves nothing (the balances below are exact).
  const replay = await transfer(u.D, 'out', '20.00', 'd-out-0').expect(201);
  expect(replay.headers['idempotent-replayed']).toBe('true');
  expect((await transfer(u.D, 'out', '21', 'd-out-0').expect(409)).body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  expect((await transfer(u.D, 'out', '20').expect(422)).body.error.code).toBe('EARN_DAILY_LIMIT');
  clock.set(at('03-19T00:00'));
  expect((await transfer(u.D, 'out', '25').expect(422)).body.error.code).toBe('INSUFFICIENT_BALANCE');
  await transfer(u.D, 'out', '20').expect(201);
  expect((await t.http().get('/api/earn').set(u.D.auth).expect(200)).body).toMatchObject({ total: '0.00', pending: '0.00' });
  expect(await balanceOf(t, u.D.id, 'cash')).toBe(1_300_00);
  await expectLedgerOk();
}
