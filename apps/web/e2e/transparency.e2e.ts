// Browser test of the public transparency page (issue 50): logged out, a visitor opens it from the about page and
// sees the figures the worker's job computed (its run at the worker's start), exactly as GET /api/transparency
// answers them: the loss figure or the "fewer than 100 accounts" wording, the products, the receipts checked, the
// chain heads with the command that checks them, the ledger check and the liabilities. The registration's risk
// warning carries the same loss figure. Screenshots at 375x812 in zh-TW and en: screenshots/transparency-*.png.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { API, type TransparencyFigures, type TransparencyResponse } from '@candor/contracts';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { BASE, call, eventually } from './support.js';

const zh = resources['zh-TW'];
const en = resources.en;

let context: BrowserContext;
let page: Page;
let figures: TransparencyFigures;

beforeAll(async () => {
  // The worker computes the figures at its start: wait for that run.
  figures = (await eventually(
    'the transparency job to run',
    () => call<TransparencyResponse>('GET', API.transparency),
    (r) => r.computedAt !== null,
    60_000,
  )) as TransparencyFigures;
  context = await launchBrowser();
  page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${BASE}/#/pages/aboutUs/aboutUs`);
  await page.evaluate(() => localStorage.setItem('candor.lang', 'zh-TW'));
}, 120_000);
afterAll(async () => {
  await context?.close();
});

describe('the transparency page, logged out', () => {
  it('opens from the about page and shows what the job computed', async () => {
    await page.reload();
    await page.getByTestId('about-transparency').click();
    await page.getByTestId('transparency-figures').waitFor();
    expect(page.url()).toContain('#/transparency');
    await expect(page.getByTestId('transparency-figures').getAttribute('data-computed-at')).resolves.toBe(figures.computedAt);
    await expect(page.locator('h1').first().textContent()).resolves.toBe(zh.transparency.title);

    // The loss figure: a share, or the wording that too few accounts traded (a fresh deployment has few).
    const loss = await page.getByTestId('transparency-loss-12m').textContent();
    if (figures.lossShare12m === null) expect(loss).toContain(String(figures.minAccounts));
    else expect(await page.getByTestId('transparency-loss-12m').getAttribute('data-share')).toBe(figures.lossShare12m);
    expect(loss).toContain(String(figures.accountsCounted));

    await expect(page.getByTestId('transparency-product').count()).resolves.toBe(figures.products.length);
    await expect(page.getByTestId('transparency-receipts-count').getAttribute('data-count')).resolves.toBe(String(figures.receiptsChecked));
    await expect(page.getByTestId('transparency-head').count()).resolves.toBe(figures.tickHeads.length);
    if (figures.tickHeads.length > 0) {
      await expect(page.getByTestId('transparency-head-hash').first().textContent()).resolves.toBe(figures.tickHeads[0]!.hash);
      expect(await page.getByTestId('transparency-chain-command').textContent()).toMatch(/^node scripts\/verify-chain\.mjs \S+ \d+ \d+ --api http/);
    }
    if (figures.ledgerCheck) await expect(page.getByTestId('transparency-ledger-state').getAttribute('data-ok')).resolves.toBe(String(figures.ledgerCheck.ok));
    if (figures.liabilities) await expect(page.getByTestId('transparency-liabilities-root').textContent()).resolves.toBe(figures.liabilities.root);
    await expect(page.getByTestId('transparency-proof-link').isVisible()).resolves.toBe(true);
    await screenshot(page, 'transparency-1-zh-TW');
    await page.getByTestId('transparency-liabilities').scrollIntoViewIfNeeded();
    await screenshot(page, 'transparency-2-bottom-zh-TW');
  });

  it('reads in English too', async () => {
    await page.evaluate(() => localStorage.setItem('candor.lang', 'en'));
    await page.reload();
    await page.getByTestId('transparency-figures').waitFor();
    await expect(page.locator('h1').first().textContent()).resolves.toBe(en.transparency.title);
    const loss = await page.getByTestId('transparency-loss-12m').textContent();
    expect(loss).toContain(String(figures.accountsCounted));
    await screenshot(page, 'transparency-3-en');
  });

  it('puts the same loss figure in the risk warning at registration, linked to the page', async () => {
    await page.goto(`${BASE}/#/pages/login/registerCheck`);
    const note = page.getByTestId('register-loss-share');
    await note.waitFor();
    await expect(note.getAttribute('data-state')).resolves.toBe(figures.lossShare12m === null ? 'too-few' : 'figure');
    await expect(page.getByTestId('register-risk').isVisible()).resolves.toBe(true);
    await screenshot(page, 'transparency-4-register-en');
    await page.getByTestId('register-loss-share-link').click();
    await page.getByTestId('transparency-page').waitFor();
  });
});
