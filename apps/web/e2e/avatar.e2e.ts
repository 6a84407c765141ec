// Browser test of the avatar (issue 48): tapping the avatar in the personal center offers "upload photo"; a
// photo chosen there is uploaded, shown in the circle and kept by the server as a square JPEG without its
// EXIF; "remove photo" brings the initial back. A file that is not an image is refused with the translated
// message. axe-core finds nothing serious or critical with the sheet open. Screenshots at 375x812 in zh-TW
// and en: screenshots/avatar-*.png.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { API, type UserProfile } from '@candor/contracts';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { axeViolations } from '../../../scripts/testing/budget.mjs';
import { BASE, call, registerUser, type RegisteredUser } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://localhost:6379';
const zh = resources['zh-TW'];
const en = resources.en;

let context: BrowserContext;
let page: Page;
let user: RegisteredUser;

/** The serious and critical axe findings on the page as it is now. */
async function seriousAxe(label: string): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: axe ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
}

/** A landscape photo with a camera name and a GPS position in its EXIF, as a phone writes it. */
function phonePhoto(): Promise<Buffer> {
  const stripes = Buffer.alloc(640 * 400 * 3);
  for (let i = 0; i < stripes.length; i += 3) {
    const x = (i / 3) % 640;
    stripes[i] = x < 213 ? 230 : 30;
    stripes[i + 1] = x >= 213 && x < 426 ? 180 : 60;
    stripes[i + 2] = x >= 426 ? 220 : 90;
  }
  return sharp(stripes, { raw: { width: 640, height: 400, channels: 3 } })
    .png()
    .withExif({
      IFD0: { Make: 'Candor Phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 2/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '121/1 33/1 0/1' },
    })
    .toBuffer();
}

async function openCenter(): Promise<void> {
  await page.goto(`${BASE}/#/pages/user/user`);
  await page.getByTestId('avatar-button').waitFor();
}

beforeAll(async () => {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  try {
    user = await registerUser(redis, 'avatar');
  } finally {
    redis.disconnect();
  }
  context = await launchBrowser();
  page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${BASE}/#/pages/login/login`);
  await page.evaluate(() => localStorage.setItem('candor.lang', 'zh-TW'));
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.hash.startsWith('#/pages/login/'), { timeout: 15_000 });
}, 60_000);
afterAll(async () => {
  await context?.close();
});

describe('the avatar in the personal center', () => {
  it('uploads a photo and shows it, refuses a file that is not an image, and removes the photo', async () => {
    await openCenter();
    const button = page.getByTestId('avatar-button');
    await expect(button.getAttribute('aria-label')).resolves.toBe(zh.user.avatar.change);
    const box = (await button.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    expect(await page.getByTestId('user-avatar-photo').count()).toBe(0);

    // A text file named like a photo: the device lets it through by its name's type, the server refuses it by content.
    await button.click();
    const sheet = page.getByTestId('avatar-sheet');
    await sheet.waitFor();
    expect(await page.getByTestId('avatar-remove').count()).toBe(0);
    expect(await seriousAxe('sheet')).toEqual([]);
    await page.getByTestId('avatar-file').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo at all, only text') });
    await expect(sheet.getByTestId('form-error').textContent()).resolves.toBe(zh.verify.image.not_an_image);
    await screenshot(page, 'avatar-1-refused-zh-TW');

    const put = page.waitForResponse((r) => r.url().endsWith(`/api${API.avatar}`) && r.request().method() === 'PUT');
    await page.getByTestId('avatar-file').setInputFiles({ name: 'IMG_0001.png', mimeType: 'image/png', buffer: await phonePhoto() });
    expect((await put).status()).toBe(200);
    await sheet.waitFor({ state: 'detached' });
    const photo = page.getByTestId('user-avatar-photo');
    await page.waitForFunction(() => document.querySelector('[data-testid="user-avatar-photo"]')?.getAttribute('data-state') === 'loaded');
    const src = (await photo.getAttribute('src'))!;
    expect(src).toMatch(/^\/api\/avatars\/[0-9a-f]{64}\.jpg$/);
    // What the browser shows is what the server keeps: a 256 px square JPEG without EXIF.
    const served = await fetch(`${BASE}${src}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif }).toEqual({
      format: 'jpeg',
      width: 256,
      height: 256,
      exif: undefined,
    });
    const me = await call<UserProfile>('GET', API.me, undefined, user.token);
    expect(me.avatarUrl).toBe(src);
    expect(await seriousAxe('with photo')).toEqual([]);
    await screenshot(page, 'avatar-2-photo-zh-TW');

    // A reload keeps it (it is the server's).
    await page.reload();
    await page.waitForFunction(() => document.querySelector('[data-testid="user-avatar-photo"]')?.getAttribute('data-state') === 'loaded');

    // In English, the sheet offers both.
    await page.evaluate(() => localStorage.setItem('candor.lang', 'en'));
    await page.reload();
    await page.getByTestId('avatar-button').click();
    await sheet.waitFor();
    await expect(page.getByTestId('avatar-upload').textContent()).resolves.toBe(en.user.avatar.upload);
    await expect(page.getByTestId('avatar-remove').textContent()).resolves.toBe(en.user.avatar.remove);
    await expect(page.getByTestId('avatar-button').getAttribute('aria-label')).resolves.toBe(en.user.avatar.change);
    await screenshot(page, 'avatar-3-sheet-en');

    const del = page.waitForResponse((r) => r.url().endsWith(`/api${API.avatar}`) && r.request().method() === 'DELETE');
    await page.getByTestId('avatar-remove').click();
    expect((await del).status()).toBe(200);
    await sheet.waitFor({ state: 'detached' });
    expect(await page.getByTestId('user-avatar-photo').count()).toBe(0);
    expect((await page.getByTestId('user-avatar').textContent())?.length).toBeGreaterThan(0);
    expect((await fetch(`${BASE}${src}`)).status).toBe(404);
    expect((await call<UserProfile>('GET', API.me, undefined, user.token)).avatarUrl).toBeNull();
    await screenshot(page, 'avatar-4-removed-en');

    await page.evaluate(() => localStorage.setItem('candor.lang', 'zh-TW'));
    await page.reload();
    await page.getByTestId('avatar-button').click();
    await sheet.waitFor();
    await screenshot(page, 'avatar-5-sheet-zh-TW');
    expect(await seriousAxe('sheet zh-TW')).toEqual([]);
  }, 120_000);
});
