// Browser test of the console's paged review queue and the audit log's CSV export, against the platform the
// browser tier starts: more deposits wait than one page holds, the reviewer reads them oldest first and loads
// the next page (no request twice, none skipped); the audit page's export downloads the filtered rows as CSV,
// the same rows the page lists, and the export shows up in the log. Screenshots at 1280 px in zh-TW and en in
// screenshots/console-queues-*.png.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { BrowserContext, Page } from 'playwright-core';
import { API, type AdminDeposit, type AuditEntry, type Deposit, type Page as ListPage } from '@candor/contracts';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { CONSOLE, ok, operatorLogin, registerUser } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? '';
const DATABASE_URL = process.env.E2E_DATABASE_URL ?? '';
const zh = resources['zh-TW'];
const en = resources.en;
const DESKTOP = { width: 1280, height: 900 };
const PAGE_SIZE = 50;
const EXTRA = 6;

async function sql<T>(query: string, params: unknown[]): Promise<T[]> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(query, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The console in one language, through its own language menu; waits for a text of that language. */
async function inLanguage(page: Page, lang: 'zh-TW' | 'en', text: string): Promise<void> {
  await page.selectOption('[data-testid=language]', lang);
  await page.getByText(text, { exact: true }).first().waitFor();
}

describe('console review queues and audit export', () => {
  let redis: Redis;
  let context: BrowserContext;
  let page: Page;
  let token = '';
  const stamp = Date.now().toString(36).toUpperCase();
  /** Order numbers of the deposits this test adds, oldest first. */
  const ours: string[] = [];

  beforeAll(async () => {
    expect([REDIS_URL, DATABASE_URL].every(Boolean)).toBe(true);
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    context = await launchBrowser({ viewport: DESKTOP });
    page = context.pages()[0] ?? (await context.newPage());
    token = await operatorLogin(page);
    await page.goto(CONSOLE);
    await page.locator('[data-testid=operator-role]').waitFor();
  }, 90_000);

  afterAll(async () => {
    // The added requests leave the queue (no money was ever held for a deposit in review), so later tests see theirs first.
    if (ours.length) await sql(`UPDATE deposits SET status = 'failed', reason = 'e2e paging', decided_at = now() WHERE order_no = ANY($1)`, [ours]);
    await context?.close();
    redis?.disconnect();
  });

  it('reads a queue longer than a page oldest first and loads the rest with "load more"', async () => {
    const user = await registerUser(redis, 'queues');
    const method = await ok<{ id: string }>(
      'POST',
      '/admin/deposit-methods',
      { type: 'bank', names: { 'zh-TW': `E2E 分頁 ${stamp}` }, details: { bank: 'First Bank' }, minAmount: '10', maxAmount: '100000' },
      token,
    );
    const first = await ok<Deposit>('POST', API.deposits, { methodId: method.id, amount: '100', reference: `Q-${stamp}` }, user.token);
    // More requests than one page holds, each a second apart and older than anything else in the queue.
    for (let i = 0; i < PAGE_SIZE + EXTRA; i++) ours.push(`Q${stamp}${String(i).padStart(3, '0')}`.slice(0, 24));
    await sql(
      `INSERT INTO deposits (order_no, user_id, method_id, method, amount, reference, status, timeline, created_at)
       SELECT o.no, d.user_id, d.method_id, d.method, d.amount + o.i, d.reference, 'in_review', d.timeline,
              timestamptz '2002-03-04T05:06:07Z' + make_interval(secs => o.i)
         FROM deposits d, unnest($2::text[]) WITH ORDINALITY AS o(no, i)
        WHERE d.id = $1`,
      [first.id, ours],
    );
    ours.push(first.orderNo);

    await page.click('nav a[href="#/deposits"]');
    await page.waitForURL((url) => url.hash === '#/deposits');
    const cards = page.locator('[data-testid=review-list] [data-testid=review-item]');
    await cards.nth(PAGE_SIZE - 1).waitFor();
    expect(await cards.count()).toBe(PAGE_SIZE);
    const firstPage = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-order-no')));
    expect(firstPage).toEqual(ours.slice(0, PAGE_SIZE));
    await screenshot(page, 'console-queues-deposits-zh-TW-1280');
    const more = page.locator('[data-testid=review-load-more]');
    await more.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-queues-deposits-load-more-zh-TW-1280');
    await inLanguage(page, 'en', en.consoleMoney.review.loadMore);
    await more.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-queues-deposits-load-more-en-1280');
    await inLanguage(page, 'zh-TW', zh.consoleMoney.review.loadMore);

    expect(await more.textContent()).toBe(zh.consoleMoney.review.loadMore);
    await more.click();
    await cards.nth(PAGE_SIZE).waitFor();
    const shown = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-order-no')));
    expect(new Set(shown).size).toBe(shown.length);
    // The added ones in the order of their time, across both pages.
    expect(shown.slice(0, ours.length - 1)).toEqual(ours.slice(0, -1));
    // What the page shows is what the api lists, page after page.
    const api: string[] = [];
    let cursor: string | null = null;
    do {
      const res: ListPage<AdminDeposit> = await ok(
        'GET',
        `${API.adminDeposits}?status=in_review&limit=${PAGE_SIZE}${cursor ? `&cursor=${cursor}` : ''}`,
        undefined,
        token,
      );
      api.push(...res.items.map((d) => d.orderNo));
      cursor = res.nextCursor;
    } while (cursor && api.length < shown.length);
    expect(shown).toEqual(api.slice(0, shown.length));
    await page.locator('.load-more').scrollIntoViewIfNeeded();
    await screenshot(page, 'console-queues-deposits-more-zh-TW-1280');
  }, 120_000);

  it('exports the filtered audit log as CSV, the same rows the page lists, and the export is itself in the log', async () => {
    await page.goto(`${CONSOLE}#/audit?action=deposit_method.create`);
    const rows = page.locator('[data-testid=audit-row]');
    await rows.first().waitFor();
    const button = page.locator('[data-testid=audit-export]');
    expect(await button.textContent()).toBe(zh.console.audit.exportCsv);
    await screenshot(page, 'console-queues-audit-export-zh-TW-1280');

    const downloading = page.waitForEvent('download');
    await button.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('id,createdAt,operatorId,operatorEmail,operatorRole,action,targetType,targetId,userId,ip,details');
    const listed = await ok<ListPage<AuditEntry>>('GET', `${API.adminAudit}?action=deposit_method.create&limit=200`, undefined, token);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(listed.items.map((e) => e.id));
    expect(lines.slice(1).every((l) => l.includes(',deposit_method.create,'))).toBe(true);
    await page.locator('[data-testid=audit-export-done]').waitFor();
    expect(await page.locator('[data-testid=audit-export-done]').textContent()).toBe(zh.console.audit.exportDone);

    await inLanguage(page, 'en', en.console.audit.exportCsv);
    await screenshot(page, 'console-queues-audit-export-en-1280');
    await inLanguage(page, 'zh-TW', zh.console.audit.exportCsv);

    const exported = await ok<ListPage<AuditEntry>>('GET', `${API.adminAudit}?action=audit.exported&limit=1`, undefined, token);
    expect(exported.items[0]).toMatchObject({
      action: 'audit.exported',
      userId: null,
      details: { filters: { action: 'deposit_method.create' }, rows: listed.items.length },
    });
  }, 60_000);
});
