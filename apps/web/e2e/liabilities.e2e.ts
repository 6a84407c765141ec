// Browser test of the proof of liabilities (issue 50): a user with money on the ledger, after a tree is built
// (a job added to the worker's queue, the internal way to run it now), opens "Proof of liabilities" from the
// personal center, sees their balance at the snapshot, the date, root and total, and verifies the proof in the
// browser (crypto.subtle); a tampered proof in the same page is not verified. Screenshots at 375x812 in zh-TW
// and en: screenshots/liabilities-*.png.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { Queue, QueueEvents } from 'bullmq';
import type { BrowserContext, Page } from 'playwright-core';
import { API, type LiabilitiesChainResponse, type LiabilitiesProofResponse } from '@candor/contracts';
import { bullPrefix, QUEUES } from '@candor/cross-process';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { BASE, call, eventually, fundCash, registerUser, type RegisteredUser } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://localhost:6379';
const QUEUE = QUEUES.liabilities.name;
const JOB = QUEUES.liabilities.jobs.publish;
const zh = resources['zh-TW'];
const en = resources.en;

let context: BrowserContext;
let page: Page;
let user: RegisteredUser;

const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Builds the tree of the day after the latest published one through the worker's queue; answers its date. */
async function buildNow(redis: Redis): Promise<string> {
  // The worker's start publishes the date due (before this user existed): wait for it, then build the day after.
  const chain = await eventually(
    'the boot run to publish',
    () => call<LiabilitiesChainResponse>('GET', API.liabilitiesChain),
    (c) => c.items.length > 0,
    60_000,
  );
  const date = nextDay(chain.items[chain.items.length - 1]!.date);
  // The worker's own key prefix (REDIS_PREFIX): BullMQ's default `bull` is another deployment's queue.
  const queue = new Queue(QUEUE, { connection: redis, prefix: bullPrefix() });
  const events = new QueueEvents(QUEUE, { connection: redis.duplicate(), prefix: bullPrefix() });
  try {
    await events.waitUntilReady();
    const job = await queue.add(JOB, { reason: 'manual', requestedAt: new Date().toISOString(), date });
    await job.waitUntilFinished(events, 60_000);
  } finally {
    await events.close();
    await queue.close();
  }
  return date;
}

beforeAll(async () => {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  try {
    user = await registerUser(redis, 'liabilities');
    await fundCash(user.id, 123_456);
    await buildNow(redis);
  } finally {
    redis.disconnect();
  }
  context = await launchBrowser({ acceptDownloads: true });
  page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${BASE}/#/pages/login/login`);
  await page.evaluate(() => localStorage.setItem('candor.lang', 'zh-TW'));
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.hash.startsWith('#/pages/login/'), { timeout: 15_000 });
}, 120_000);
afterAll(async () => {
  await context?.close();
});

describe('proof of liabilities in the browser', () => {
  it('shows the balance at the snapshot and verifies the proof with crypto.subtle', async () => {
    const proof = await call<LiabilitiesProofResponse>('GET', API.liabilitiesProof, undefined, user.token);
    expect(proof.balance).toBe('123456');

    await page.goto(`${BASE}/#/pages/user/user`);
    await page.getByTestId('menu-liabilities').click();
    await page.getByTestId('liabilities-card').waitFor();
    await expect(page.getByTestId('liabilities-date').textContent()).resolves.toBe(proof.date);
    await expect(page.getByTestId('liabilities-root').textContent()).resolves.toBe(proof.root);
    expect(await page.getByTestId('liabilities-balance').textContent()).toContain('1,234.56');
    await page.getByTestId('liabilities-verify').click();
    const verdict = page.getByTestId('liabilities-verdict');
    await verdict.waitFor();
    await expect(verdict.getAttribute('data-ok')).resolves.toBe('true');
    await expect(verdict.textContent()).resolves.toBe(zh.user.liabilities.verified);
    await screenshot(page, 'liabilities-1-verified-zh-TW');

    // The download is the proof as the api answered it.
    const download = page.waitForEvent('download');
    await page.getByTestId('liabilities-download').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('proof.json');
    const saved = JSON.parse(await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8'));
    expect(saved).toEqual(proof);

    // The same check in this page on a tampered proof (one cent more): not verified.
    const tampered = await page.evaluate(async (p) => {
      const enc = (s: string) => crypto.subtle.digest('SHA-256', new TextEncoder().encode(s));
      const hex = async (s: string) => Array.from(new Uint8Array(await enc(s)), (b) => b.toString(16).padStart(2, '0')).join('');
      let node = { sum: BigInt(p.balance) + 1n, hash: await hex(`L|${p.salt}|${BigInt(p.balance) + 1n}`) };
      for (const s of p.path) {
        const [l, r] = s.side === 'left' ? [{ sum: BigInt(s.sum), hash: s.hash }, node] : [node, { sum: BigInt(s.sum), hash: s.hash }];
        node = { sum: l.sum + r.sum, hash: await hex(`N|${l.sum}|${l.hash}|${r.sum}|${r.hash}`) };
      }
      return node.hash === p.root;
    }, proof);
    expect(tampered).toBe(false);
  });

  it('reads in English too', async () => {
    await page.evaluate(() => localStorage.setItem('candor.lang', 'en'));
    await page.reload();
    await page.getByTestId('liabilities-card').waitFor();
    await expect(page.locator('h1').first().textContent()).resolves.toBe(en.user.liabilities.title);
    await page.getByTestId('liabilities-verify').click();
    await expect(page.getByTestId('liabilities-verdict').textContent()).resolves.toBe(en.user.liabilities.verified);
    await screenshot(page, 'liabilities-2-verified-en');
  });
});
