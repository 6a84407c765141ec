import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EARN_SCHEDULER_ID } from '@candor/cross-process';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createOperator, createUser, loginOperator } from './support/factories.js';
import { fundCash } from './support/trading.js';
import { MovableClock, startEarnWorker, type EarnWorker } from './support/earn.js';
import { EarnScheduler } from '../src/earn/earn-post.processor.js';

// Operators' side of Yu'e Bao: settings as versions effective from the next posting (never before), the holiday
// calendar, every change audited, the permissions, and the worker's scheduler following the settings. Taipei
// time in October 2031, away from the dates other tests use.
const at = (local: string) => new Date(`2031-${local}:00+08:00`);

let t: TestApp;
let clock: MovableClock;
let admin: { auth: { Authorization: string } };

beforeAll(async () => {
  clock = new MovableClock(at('10-06T07:00'));
  t = await startApp({}, { clock });
  await t.ds.query(
    `INSERT INTO earn_settings (effective_date, effective_at, daily_rate, cutoff, timezone, min_amount, daily_in_limit, daily_out_limit)
     VALUES ('2031-01-01', '2030-12-31T00:00:00Z', 0.01, '08:00', 'Asia/Taipei', 2000, 60, 60)`,
  );
  await t.ds.query(`DELETE FROM earn_holidays WHERE date BETWEEN '2031-09-01' AND '2031-12-31'`);
  admin = await loginOperator(t);
});
afterAll(async () => {
  await t?.close();
});

const audits = async (action: string) =>
  (await t.http().get(`/api/admin/audit?action=${action}&limit=5`).set(admin.auth).expect(200)).body.items as {
    targetId: string;
    details: Record<string, unknown>;
  }[];

describe("Yu'e Bao settings", () => {
  it('makes each change a new version, effective from the next posting, audited', async () => {
    // Monday 6 October 07:00: before today's cut-off, so a change governs today's posting on.
    const before = (await t.http().get('/api/admin/earn/settings').set(admin.auth).expect(200)).body;
    expect(before.current).toMatchObject({ dailyRate: '0.01', cutoff: '08:00', timezone: 'Asia/Taipei', minAmount: '20.00' });
    expect(before.nextPostingAt).toBe(at('10-06T08:00').toISOString());

    const changed = (await t.http().put('/api/admin/earn/settings').set(admin.auth).send({ dailyRate: '0.0002', minAmount: '50' }).expect(200)).body;
    expect(changed.next).toMatchObject({ dailyRate: '0.0002', minAmount: '50.00', effectiveDate: '2031-10-06', effectiveAt: at('10-06T08:00').toISOString() });
    expect(changed.next).toMatchObject({ annualizedRate: '0.073000', annualizedRateCompounded: '0.075723', cutoff: '08:00' });
    // Until the cut-off, transfers follow the settings before: the minimum is still 20.00.
    expect(changed.current).toMatchObject({ dailyRate: '0.01', minAmount: '20.00' });
    expect(changed.versions[0]).toMatchObject({ id: changed.next.id });
    const [audit] = await audits('earn.settings_update');
    expect(audit).toMatchObject({
      targetId: changed.next.id,
      details: { effectiveDate: '2031-10-06', before: { dailyRate: '0.01' }, after: { dailyRate: '0.0002', minAmount: '50.00' } },
    });

    const user = await createUser(t);
    await fundCash(t, user.id, 100_00);
    await t.http().post('/api/earn/transfer-in').set(user.auth).send({ amount: '20' }).expect(201);
    clock.set(at('10-06T08:00'));
    const refused = await t.http().post('/api/earn/transfer-in').set(user.auth).set('Accept-Language', 'en').send({ amount: '20' }).expect(422);
    expect(refused.body.error).toMatchObject({ code: 'EARN_MIN_AMOUNT', message: 'The minimum per transfer is 50.00' });
    expect((await t.http().get('/api/earn').set(user.auth).expect(200)).body).toMatchObject({ dailyRate: '0.0002', minAmount: '50.00' });

    // After the cut-off a change waits for tomorrow's posting; a later cut-off starts at its own time.
    clock.set(at('10-06T10:00'));
    const later = (await t.http().put('/api/admin/earn/settings').set(admin.auth).send({ cutoff: '15:00', dailyInLimit: 10 }).expect(200)).body;
    expect(later.next).toMatchObject({
      cutoff: '15:00',
      dailyInLimit: 10,
      dailyRate: '0.0002',
      effectiveDate: '2031-10-07',
      effectiveAt: at('10-07T15:00').toISOString(),
    });
    expect(later.nextPostingAt).toBe(at('10-07T15:00').toISOString());
    expect(later.versions.length).toBeGreaterThanOrEqual(3);
    await ledgerCheck(t).then((c) => expect(c.ok).toBe(true));
  });

  it('refuses settings that cannot work, naming the field', async () => {
    const put = (body: object) => t.http().put('/api/admin/earn/settings').set(admin.auth).send(body);
    expect((await put({ dailyRate: '0.2' }).expect(400)).body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'dailyRate' });
    expect((await put({ timezone: 'Mars/Olympus' }).expect(400)).body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'timezone' });
    expect((await put({ minAmount: '0' }).expect(400)).body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'minAmount' });
    expect((await put({ cutoff: '24:00' }).expect(400)).body.error.code).toBe('VALIDATION_FAILED');
    expect((await put({}).expect(400)).body.error.code).toBe('VALIDATION_FAILED');
  });
});

describe("Yu'e Bao holidays", () => {
  it('adds, renames, imports and removes dates, each audited', async () => {
    await t.http().post('/api/admin/earn/holidays').set(admin.auth).send({ date: '2031-10-10', name: 'National Day' }).expect(201);
    await t.http().post('/api/admin/earn/holidays').set(admin.auth).send({ date: '2031-10-10', name: 'Double Tenth' }).expect(201);
    const imported = await t
      .http()
      .post('/api/admin/earn/holidays/import')
      .set(admin.auth)
      .send({
        holidays: [
          { date: '2031-10-10', name: 'Double Tenth Day' },
          { date: '2031-10-31', name: 'Test day' },
          { date: '2031-11-03', name: 'Another' },
        ],
      })
      .expect(200);
    expect(imported.body).toEqual({ added: 2, updated: 1 });
    const list = (await t.http().get('/api/admin/earn/holidays?from=2031-10-01&to=2031-10-31').set(admin.auth).expect(200)).body;
    expect(list).toEqual([
      { date: '2031-10-10', name: 'Double Tenth Day' },
      { date: '2031-10-31', name: 'Test day' },
    ]);
    await t.http().delete('/api/admin/earn/holidays/2031-10-31').set(admin.auth).expect(204);
    expect((await t.http().delete('/api/admin/earn/holidays/2031-10-31').set(admin.auth).expect(404)).body.error.code).toBe('NOT_FOUND');
    expect((await t.http().delete('/api/admin/earn/holidays/2031-02-30').set(admin.auth).expect(404)).body.error.code).toBe('NOT_FOUND');
    expect((await audits('earn.holiday_add'))[0]).toMatchObject({ targetId: '2031-10-10', details: { name: 'Double Tenth', before: 'National Day' } });
    expect((await audits('earn.holidays_import'))[0]).toMatchObject({ details: { added: 2, updated: 1 } });
    expect((await audits('earn.holiday_remove'))[0]).toMatchObject({ targetId: '2031-10-31', details: { name: 'Test day' } });

    // A transfer in on Thursday 9 October after the cut-off trades on Monday 13: Friday the 10th is a holiday.
    clock.set(at('10-09T16:00'));
    const user = await createUser(t);
    await fundCash(t, user.id, 100_00);
    const lot = (await t.http().post('/api/earn/transfer-in').set(user.auth).send({ amount: '60' }).expect(201)).body;
    expect(lot).toMatchObject({ tradeDate: '2031-10-13', confirmAt: at('10-14T15:00').toISOString(), firstIncomeOn: '2031-10-15' });
  });
});

describe("Yu'e Bao permissions", () => {
  it('lets finance read the settings and figures but change nothing; reviewers and support see none of it', async () => {
    const finance = await loginOperator(t, await createOperator(t, 'finance'));
    await t.http().get('/api/admin/earn/settings').set(finance.auth).expect(200);
    await t.http().get('/api/admin/earn/dashboard').set(finance.auth).expect(200);
    await t.http().get('/api/admin/earn/holidays').set(finance.auth).expect(200);
    expect((await t.http().put('/api/admin/earn/settings').set(finance.auth).send({ dailyRate: '0.05' }).expect(403)).body.error.code).toBe('FORBIDDEN');
    await t.http().post('/api/admin/earn/holidays').set(finance.auth).send({ date: '2031-12-25', name: 'X' }).expect(403);
    for (const role of ['reviewer', 'support'] as const) {
      const op = await loginOperator(t, await createOperator(t, role));
      await t.http().get('/api/admin/earn/dashboard').set(op.auth).expect(403);
    }
    const user = await createUser(t);
    await t.http().get('/api/admin/earn/settings').set(user.auth).expect(401);
  });
});

describe("the worker's scheduler", () => {
  let worker: EarnWorker;
  afterAll(async () => {
    await worker?.close();
  });

  it('fires at the cut-off of the settings governing the next posting, in their zone', async () => {
    clock.set(at('10-07T09:00'));
    await t.http().put('/api/admin/earn/settings').set(admin.auth).send({ timezone: 'Asia/Taipei', cutoff: '08:00' }).expect(200);
    worker = await startEarnWorker(t, clock);
    // Tuesday 9:00: the next posting (today 15:00) still has the 15:00 cut-off; the 08:00 one starts tomorrow.
    expect(await worker.queue.getJobScheduler(EARN_SCHEDULER_ID)).toMatchObject({ pattern: '0 15 * * *', tz: 'Asia/Taipei' });
    clock.set(at('10-07T15:00'));
    await worker.module.get(EarnScheduler).check();
    expect(await worker.queue.getJobScheduler(EARN_SCHEDULER_ID)).toMatchObject({ pattern: '0 8 * * *', tz: 'Asia/Taipei' });
    // At boot it enqueued a catch-up run, which ran on the worker's clock.
    const boot = (await worker.queue.getJobs(['completed', 'failed', 'active', 'waiting'])).filter((j) => j.id?.startsWith('earn-boot-'));
    expect(boot.length).toBeGreaterThan(0);
  });
});
