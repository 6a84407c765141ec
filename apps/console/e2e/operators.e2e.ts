// Browser test of the console's operator accounts against the platform the browser tier starts: the
// seeded admin signs in with TOTP and adds a reviewer on the Operators page (invalid input and a taken
// e-mail are refused beside their fields); the reviewer enrols TOTP at the first sign-in (every role
// signs in with a second factor) and is offered only what the permission matrix gives the role; the admin disables the reviewer after a confirmation, and
// the reviewer's next click ends on the login page; re-enabled as support, the reviewer sees support's
// screens. An admin added without TOTP enrols through the QR screen, sees the recovery codes and lands
// signed in. Screenshots in screenshots/console-operators-*.png.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generate } from 'otplib';
import type { BrowserContext, Page } from 'playwright-core';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { freshTotp } from '../../../scripts/testing/totp.mjs';

const BASE = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const CONSOLE = `${BASE}/console/`;
const EMAIL = process.env.E2E_OPERATOR_EMAIL ?? '';
const PASSWORD = process.env.E2E_OPERATOR_PASSWORD ?? '';
const zh = resources['zh-TW'];
const ops = zh.consoleOperators;
const DESKTOP = { width: 1280, height: 860 };
const STAMP = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const REVIEWER = { email: `reviewer${STAMP}@example.com`, password: 'Reviewer-e2e-2024' };
/** The reviewer's TOTP secret, from their enrolment at the first sign-in. */
let reviewerSecret = '';
const NEW_ADMIN = { email: `admin${STAMP}@example.com`, password: 'New-Admin-e2e-2024' };

/** The console's navigation as the operator sees it: the link targets, in order. */
async function navTargets(page: Page): Promise<string[]> {
  await page.waitForSelector('nav a');
  return page.$$eval('nav a', (links) => links.map((a) => a.getAttribute('href') ?? ''));
}

async function signIn(page: Page, email: string, password: string, totp?: () => Promise<string>): Promise<void> {
  await page.goto(CONSOLE);
  await page.waitForSelector('form.login-card');
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', password);
  await page.click('[data-testid=login-submit]');
  if (totp) {
    await page.locator('[data-testid=login-totp]').waitFor();
    await page.fill('[data-testid=login-totp]', await totp());
    await page.click('[data-testid=login-submit]');
  }
  await page.locator('[data-testid=operator-role]').waitFor();
}

/** The first sign-in of an operator without TOTP: the enrolment screen, a first code, the recovery codes. Answers the secret. */
async function enrolAndSignIn(page: Page, email: string, password: string): Promise<string> {
  await page.goto(CONSOLE);
  await page.waitForSelector('form.login-card');
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', password);
  await page.click('[data-testid=login-submit]');
  await page.locator('[data-testid=enroll-qr] svg').waitFor();
  const secret = await page.inputValue('[data-testid=enroll-secret]');
  // freshTotp: a step no later sign-in of this run will reuse (the api accepts each step once)
  await page.fill('[data-testid=enroll] input[name=totp]', await freshTotp(secret));
  await page.click('[data-testid=enroll-submit]');
  await page.locator('[data-testid=recovery-codes]').waitFor();
  await page.click('[data-testid=recovery-done]');
  await page.locator('[data-testid=operator-role]').waitFor();
  return secret;
}

const row = (page: Page, email: string) => page.locator(`[data-testid=operator-row][data-email="${email}"]`);

async function addOperator(page: Page, email: string, password: string, role: string): Promise<void> {
  await page.fill('[data-testid=operator-add] input[name=email]', email);
  await page.fill('[data-testid=operator-add] input[name=password]', password);
  await page.selectOption('[data-testid=operator-add] select[name=role]', role);
  await page.click('[data-testid=operator-add-submit]');
}

/** Opens the confirmation of a row's change, checks what it says, and confirms it. */
async function confirmChange(page: Page, title: string, body: string, shot?: string): Promise<void> {
  const dialog = page.locator('[data-testid=operator-dialog]');
  await dialog.waitFor();
  expect(await dialog.locator('h2').textContent()).toBe(title);
  expect(await dialog.textContent()).toContain(body);
  if (shot) await screenshot(page, shot);
  await page.click('[data-testid=operator-dialog-confirm]');
  await dialog.waitFor({ state: 'detached' });
}

describe('operator accounts in the console', () => {
  let adminContext: BrowserContext;
  let admin: Page;
  let otherContext: BrowserContext;
  let other: Page;

  beforeAll(async () => {
    expect(EMAIL).not.toBe('');
    expect(PASSWORD).not.toBe('');
    adminContext = await launchBrowser({ viewport: DESKTOP });
    admin = adminContext.pages()[0] ?? (await adminContext.newPage());
    otherContext = await launchBrowser({ viewport: DESKTOP });
    other = otherContext.pages()[0] ?? (await otherContext.newPage());
  });

  afterAll(async () => {
    await adminContext?.close();
    await otherContext?.close();
  });

  it('lists the operators for the admin, their own account without controls', async () => {
    await signIn(admin, EMAIL, PASSWORD, () => freshTotp());
    expect(await navTargets(admin)).toContain('#/operators');
    await admin.click('nav a[href="#/operators"]');
    await admin.waitForSelector('[data-testid=operators-table]');
    expect(await admin.textContent('h1')).toBe(ops.title);
    const me = row(admin, EMAIL);
    expect(await me.getAttribute('data-role')).toBe('admin');
    expect(await me.textContent()).toContain(ops.you);
    expect(await me.locator('select, button').count()).toBe(0);
    await screenshot(admin, 'console-operators-list');
  });

  it('refuses invalid input and a taken e-mail beside the field', async () => {
    await admin.click('[data-testid=operator-add-submit]');
    expect(await admin.textContent('[data-testid=operator-add-email-error]')).toBe(ops.emailRequired);
    expect(await admin.textContent('[data-testid=operator-add-password-error]')).toBe(ops.passwordTooShort);
    await addOperator(admin, 'not-an-email', 'short', 'reviewer');
    expect(await admin.textContent('[data-testid=operator-add-email-error]')).toBe(ops.emailInvalid);
    expect(await admin.textContent('[data-testid=operator-add-password-error]')).toBe(ops.passwordTooShort);
    await screenshot(admin, 'console-operators-invalid');
    // the seeded admin's own e-mail is taken: the api's OPERATOR_EXISTS, in the console's language
    const listed = await admin.locator('[data-testid=operator-row]').count();
    await addOperator(admin, EMAIL.toUpperCase(), 'Long-enough-2024', 'reviewer');
    await admin.locator('[data-testid=operator-add-email-error]').waitFor();
    expect(await admin.textContent('[data-testid=operator-add-email-error]')).toBe(zh.errors.OPERATOR_EXISTS);
    await admin.click('button:has-text("' + zh.console.common.refresh + '")');
    await admin.waitForSelector('[data-testid=operators-table]');
    expect(await admin.locator('[data-testid=operator-row]').count()).toBe(listed);
  });

  it('adds a reviewer, who is listed as active', async () => {
    await addOperator(admin, REVIEWER.email, REVIEWER.password, 'reviewer');
    expect(await admin.locator('[data-testid=operator-added]').textContent()).toBe(ops.createdNamed.replace('{{email}}', REVIEWER.email));
    const added = row(admin, REVIEWER.email);
    await added.waitFor();
    expect(await added.getAttribute('data-role')).toBe('reviewer');
    expect(await added.getAttribute('data-disabled')).toBe('false');
    expect(await added.locator('[data-testid=operator-status]').textContent()).toBe(ops.active);
    // the fields were emptied for the next one
    expect(await admin.inputValue('[data-testid=operator-add] input[name=email]')).toBe('');
    await screenshot(admin, 'console-operators-added');
  });

  it("has the reviewer enrol TOTP at the first sign-in, then offers only the reviewer's screens", async () => {
    reviewerSecret = await enrolAndSignIn(other, REVIEWER.email, REVIEWER.password);
    expect(await other.getAttribute('[data-testid=operator-role]', 'data-role')).toBe('reviewer');
    // No dashboard for a reviewer (dashboard.read is admin's and finance's): its first page is the withdrawals queue.
    expect(await navTargets(other)).toEqual(['#/withdrawals', '#/deposits', '#/kyc', '#/products', '#/users']);
    await screenshot(other, 'console-operators-reviewer-nav');
    // reached by address, the Operators page explains instead of listing
    await other.goto(`${CONSOLE}#/operators`);
    await other.locator('[data-testid=role-not-allowed]').waitFor();
    const notAllowed = zh.console.access.notAllowed.replace('{{role}}', zh.console.roles.reviewer);
    expect(await other.textContent('[data-testid=role-not-allowed]')).toBe(notAllowed);
    expect(await other.locator('[data-testid=operators-table], [data-testid=operator-add]').count()).toBe(0);
    // so do the audit log and the queues: no request of theirs is sent to be refused
    for (const screen of ['audit', 'queues']) {
      await other.goto(`${CONSOLE}#/${screen}`);
      await other.locator('[data-testid=role-not-allowed]').waitFor();
      expect(await other.textContent('[data-testid=role-not-allowed]')).toBe(notAllowed);
    }
    // products are read-only for a role without products.write
    await other.click('nav a[href="#/products"]');
    await other.waitForSelector('[data-testid=product-row]');
    expect(await other.locator('[data-testid=read-only]').count()).toBe(1);
    expect(await other.textContent('[data-testid=product-edit] >> nth=0')).toBe(zh.console.common.view);
  });

  it("disables the reviewer after a confirmation; the reviewer's next click ends on the login page", async () => {
    await row(admin, REVIEWER.email).locator('[data-testid=operator-disable]').click();
    await confirmChange(admin, ops.confirmDisableTitle.replace('{{email}}', REVIEWER.email), ops.confirmDisableBody, 'console-operators-disable-confirm');
    const disabled = row(admin, REVIEWER.email);
    await admin.waitForSelector(`[data-testid=operator-row][data-email="${REVIEWER.email}"][data-disabled="true"]`);
    expect(await disabled.locator('[data-testid=operator-status]').textContent()).toBe(ops.disabled);
    expect(await disabled.locator('[data-testid=operator-enable]').count()).toBe(1);
    expect(await admin.textContent('[data-testid=operator-saved]')).toBe(ops.savedNamed.replace('{{email}}', REVIEWER.email));
    expect(await admin.locator('[data-testid=operator-added]').count()).toBe(0);
    await screenshot(admin, 'console-operators-disabled');

    // the reviewer's page still shows the console; the next request is refused and leads to the login
    await other.click('nav a[href="#/users"]');
    await other.waitForSelector('form.login-card');
    expect(await other.textContent('form.login-card')).toContain(zh.console.auth.expired);
    await screenshot(other, 'console-operators-reviewer-signed-out');
    await other.fill('input[name=email]', REVIEWER.email);
    await other.fill('input[name=password]', REVIEWER.password);
    await other.click('[data-testid=login-submit]');
    await other.locator('[data-testid=login-error]').waitFor();
    expect(await other.textContent('[data-testid=login-error]')).toBe(zh.errors.INVALID_CREDENTIALS);
  });

  it('enables the operator again as support, who then sees the support screens', async () => {
    await row(admin, REVIEWER.email).locator('[data-testid=operator-enable]').click();
    await confirmChange(admin, ops.confirmEnableTitle.replace('{{email}}', REVIEWER.email), ops.confirmEnableBody);
    await admin.waitForSelector(`[data-testid=operator-row][data-email="${REVIEWER.email}"][data-disabled="false"]`);
    await row(admin, REVIEWER.email).locator('[data-testid=operator-role-select]').selectOption('support');
    const title = ops.confirmRoleTitle.replace('{{email}}', REVIEWER.email).replace('{{role}}', zh.console.roles.support);
    await confirmChange(admin, title, ops.confirmRoleBody, 'console-operators-role-confirm');
    await admin.waitForSelector(`[data-testid=operator-row][data-email="${REVIEWER.email}"][data-role="support"]`);

    await other.click('[data-testid=login-submit]');
    await other.locator('[data-testid=login-totp]').waitFor();
    await other.fill('[data-testid=login-totp]', await freshTotp(reviewerSecret));
    await other.click('[data-testid=login-submit]');
    await other.locator('[data-testid=operator-role]').waitFor();
    expect(await other.getAttribute('[data-testid=operator-role]', 'data-role')).toBe('support');
    expect(await navTargets(other)).toEqual(['#/support', '#/messages', '#/products', '#/users']);
    await other.click('[data-testid=logout]');
    await other.waitForSelector('form.login-card');
  });

  it('enrols an admin added without TOTP through the QR screen, shows the recovery codes, and signs them in', async () => {
    await addOperator(admin, NEW_ADMIN.email, NEW_ADMIN.password, 'admin');
    await row(admin, NEW_ADMIN.email).waitFor();
    expect(await row(admin, NEW_ADMIN.email).textContent()).toContain(ops.totpOff);

    await other.fill('input[name=email]', NEW_ADMIN.email);
    await other.fill('input[name=password]', NEW_ADMIN.password);
    await other.click('[data-testid=login-submit]');
    await other.locator('[data-testid=enroll-qr] svg').waitFor();
    const secret = await other.inputValue('[data-testid=enroll-secret]');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await screenshot(other, 'console-operators-enroll');
    // a wrong code is refused, the right one confirms
    await other.fill('[data-testid=enroll] input[name=totp]', '000000');
    await other.click('[data-testid=enroll-submit]');
    await other.locator('[data-testid=enroll-error]').waitFor();
    expect(await other.textContent('[data-testid=enroll-error]')).toBe(zh.errors.TOTP_INVALID);
    await other.fill('[data-testid=enroll] input[name=totp]', await generate({ secret }));
    await other.click('[data-testid=enroll-submit]');
    await other.locator('[data-testid=recovery-codes]').waitFor();
    const codes = await other.$$eval('[data-testid=recovery-code]', (items) => items.map((i) => i.textContent ?? ''));
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    await screenshot(other, 'console-operators-recovery-codes');
    await other.click('[data-testid=recovery-done]');
    await other.locator('[data-testid=operator-role]').waitFor();
    expect(await other.getAttribute('[data-testid=operator-role]', 'data-role')).toBe('admin');
    expect(await other.textContent('[data-testid=operator]')).toContain(NEW_ADMIN.email);
    expect(await navTargets(other)).toContain('#/operators');

    await admin.click('button:has-text("' + zh.console.common.refresh + '")');
    await admin.waitForSelector(`[data-testid=operator-row][data-email="${NEW_ADMIN.email}"]:has-text("${ops.totpOn}")`);
    // at phone width the table becomes stacked cards and the form one column
    await admin.setViewportSize({ width: 375, height: 812 });
    await admin.locator('[data-testid=operator-add-submit]').scrollIntoViewIfNeeded();
    await screenshot(admin, 'console-operators-phone');
    await row(admin, REVIEWER.email).locator('[data-testid=operator-disable]').click();
    await admin.locator('[data-testid=operator-dialog]').waitFor();
    await screenshot(admin, 'console-operators-phone-dialog');
    await admin.click('[data-testid=operator-dialog] button:has-text("' + ops.cancel + '")');
    await admin.locator('[data-testid=operator-dialog]').waitFor({ state: 'detached' });
    expect(await row(admin, REVIEWER.email).getAttribute('data-disabled')).toBe('false');
  });
});
