// Browser test of moving between pages: a link opens the next page at its top, and the browser's back
// button returns to where the reader was on the page before, also after a reload of the page in between.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../../../scripts/testing/browser.mjs';
import { BASE } from './support.js';

let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await launchBrowser();
  page = context.pages()[0] ?? (await context.newPage());
  await page.setViewportSize({ width: 375, height: 640 });
}, 60_000);

afterAll(async () => {
  await context?.close();
});

const scrollY = () => page.evaluate(() => Math.round(window.scrollY));

/** The page's scroll position once it has stopped changing toward `want` (or after 5 s, for the message). */
async function settledScroll(want: number): Promise<number> {
  const end = Date.now() + 5_000;
  let y = await scrollY();
  while (y !== want && Date.now() < end) {
    await page.waitForTimeout(50);
    y = await scrollY();
  }
  return y;
}

describe('scroll position across navigation', () => {
  it('opens a linked page at its top and returns to the same place on Back, also after a reload', async () => {
    await page.goto(`${BASE}/#/pages/index/index`);
    await page.getByTestId('recommended-list').waitFor({ timeout: 20_000 });
    const privacy = page.getByTestId('home-privacy');
    await privacy.scrollIntoViewIfNeeded();
    const before = await scrollY();
    expect(before).toBeGreaterThan(200); // Home is longer than the screen: the link is far down

    await privacy.click();
    await page.waitForURL(/pages\/yinsi\/yinsi/);
    await page.locator('main').first().waitFor();
    expect(await scrollY()).toBe(0);

    await page.goBack();
    await page.getByTestId('home-privacy').waitFor();
    expect(await settledScroll(before)).toBe(before);

    // Forward and a reload of that page, then Back again: the positions were kept in sessionStorage.
    await page.goForward();
    await page.waitForURL(/pages\/yinsi\/yinsi/);
    await page.reload();
    await page.locator('main').first().waitFor();
    await page.goBack();
    await page.getByTestId('recommended-list').waitFor({ timeout: 20_000 });
    expect(await settledScroll(before)).toBe(before);

    // The same link again, its page's chunk now loaded (it renders at full length at once): still the top.
    await page.getByTestId('home-privacy').click();
    await page.waitForURL(/pages\/yinsi\/yinsi/);
    await page.locator('main').first().waitFor();
    expect(await settledScroll(0)).toBe(0);
  }, 90_000);
});
