// Browser test of the support chat (issue 49) against the platform the browser tier starts: a user opens the web
// app's chat, sends a text and an image; an agent opens the console's Support inbox, sees both live, answers and
// adds an internal note; the user's open chat shows the answer without a reload and never the note; the user's
// message shows `read` once the agent looked. Screenshots at 375x812 in zh-TW and en of the chat and the inbox:
// screenshots/support-*.png.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { BASE, CONSOLE, operatorLogin, registerUser } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? '';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const zh = resources['zh-TW'];

let userContext: BrowserContext;
let agentContext: BrowserContext;
let userPage: Page;
let agentPage: Page;
let user: { id: string; email: string; password: string; token: string };

const photo = () =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();

async function signInWeb(lang: string): Promise<void> {
  await userPage.goto(`${BASE}/#/pages/login/login`);
  await userPage.evaluate((l) => localStorage.setItem('candor.lang', l), lang);
  await userPage.locator('input[name="email"]').fill(user.email);
  await userPage.locator('input[name="password"]').fill(user.password);
  await userPage.getByTestId('login-submit').click();
  await userPage.waitForURL((url) => !url.hash.startsWith('#/pages/login/'), { timeout: 15_000 });
}

beforeAll(async () => {
  expect(REDIS_URL).not.toBe('');
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  try {
    user = await registerUser(redis, 'chat');
  } finally {
    redis.disconnect();
  }
  userContext = await launchBrowser({ viewport: PHONE });
  userPage = userContext.pages()[0] ?? (await userContext.newPage());
  agentContext = await launchBrowser({ viewport: DESKTOP });
  agentPage = agentContext.pages()[0] ?? (await agentContext.newPage());
  await signInWeb('zh-TW');
  await operatorLogin(agentPage);
  await agentPage.goto(CONSOLE);
  await agentPage.locator('[data-testid=operator-role]').waitFor();
}, 120_000);

afterAll(async () => {
  await userContext?.close();
  await agentContext?.close();
});

describe('support chat', () => {
  it('the user writes and sends an image, the agent answers from the console, both see it live', async () => {
    // From Home's online service shortcut to the chat.
    await userPage.goto(`${BASE}/#/pages/index/index`);
    await userPage.getByTestId('quick-service').click();
    await userPage.waitForURL((url) => url.hash === '#/support');
    await userPage.getByTestId('empty-state').waitFor();
    expect(await userPage.getByTestId('support-hours').count()).toBe(1);
    await screenshot(userPage, 'support-1-empty-zh-TW');

    await userPage.getByTestId('chat-input').fill('我的充值還沒到帳，請幫我查一下');
    await userPage.getByTestId('chat-send').click();
    await userPage.locator('[data-testid=chat-message][data-from=user]').first().waitFor();
    await userPage.getByTestId('chat-file').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: await photo() });
    await userPage.locator('[data-testid=chat-message][data-from=user] [data-testid=chat-image]').waitFor({ timeout: 15_000 });

    // The agent's inbox: the conversation, both messages, an answer and a note.
    await agentPage.click('.sidebar nav a[href="#/support"]');
    await agentPage.waitForURL((url) => url.hash.startsWith('#/support'));
    await agentPage.locator('[data-testid=support-live].pill-ok').waitFor();
    const row = agentPage.locator('[data-testid=support-conversation]', { hasText: user.email });
    await row.waitFor();
    await row.click();
    await agentPage.locator('[data-testid=support-message][data-from=user]').nth(1).waitFor();
    await agentPage.locator('[data-testid=support-chat-image]').waitFor({ timeout: 15_000 });
    await agentPage.getByTestId('support-input').fill('您好，我們正在確認您的充值，請稍候。');
    await agentPage.getByTestId('support-send').click();
    await agentPage.locator('[data-testid=support-message][data-from=agent]').waitFor();
    await agentPage.getByTestId('support-note-toggle').check();
    await agentPage.getByTestId('support-input').fill('internal: check bank statement first');
    await agentPage.getByTestId('support-send').click();
    await agentPage.getByTestId('support-note').waitFor();
    await agentPage.getByTestId('support-user').waitFor();

    // The user's open chat shows the answer live and read marks on their own messages, never the note.
    await userPage.locator('[data-testid=chat-message][data-from=agent]').waitFor({ timeout: 15_000 });
    expect(await userPage.locator('[data-testid=chat-message][data-from=agent]').textContent()).toContain('我們正在確認您的充值');
    await userPage.locator('[data-testid=chat-status][data-status=read]').first().waitFor({ timeout: 15_000 });
    expect(await userPage.content()).not.toContain('internal: check bank statement first');
    await screenshot(userPage, 'support-2-chat-zh-TW');

    // The agent's own message turns read once the user's chat has it open.
    await agentPage
      .locator('[data-testid=support-message][data-from=agent] [data-testid=support-message-status]', { hasText: zh.consoleSupport.read })
      .waitFor({
        timeout: 15_000,
      });
    await agentPage.setViewportSize(PHONE);
    await screenshot(agentPage, 'support-3-inbox-zh-TW');
    await agentPage.evaluate(() => localStorage.setItem('candor.console.lang', 'en'));
    await agentPage.reload();
    await agentPage.getByTestId('support-chat').waitFor();
    await agentPage.getByTestId('support-note').waitFor();
    await screenshot(agentPage, 'support-3-inbox-en');

    await userPage.evaluate(() => localStorage.setItem('candor.lang', 'en'));
    await userPage.reload();
    await userPage.locator('[data-testid=chat-message][data-from=agent]').waitFor();
    await screenshot(userPage, 'support-2-chat-en');
  }, 120_000);
});
