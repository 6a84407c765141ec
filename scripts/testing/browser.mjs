// Helpers for the browser tier (apps/*/e2e/**/*.e2e.ts): Debian's Chromium driven by
// playwright-core, at a phone-sized viewport, and screenshots into screenshots/ (not committed).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SCREENSHOT_DIR = path.join(ROOT_DIR, 'screenshots');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const VIEWPORT = { width: 375, height: 812 };
// Without the background-networking flags Chromium keeps trying to reach Google's hosts.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Launches headless Chromium with a fresh profile in a temporary folder (removed on close).
 * Returns the playwright BrowserContext; `context.pages()[0]` or `context.newPage()` give a page.
 */
export async function launchBrowser(options = {}) {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it (Debian: apt-get install -y chromium; .ci/run does) or set CHROMIUM_PATH`);
  }
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-chromium-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      viewport: VIEWPORT,
      args: CHROMIUM_ARGS,
      ...options,
    });
  } catch (err) {
    fs.rmSync(userDataDir, { recursive: true, force: true });
    throw err;
  }
  const close = context.close.bind(context);
  context.close = async (...args) => {
    try {
      await close(...args);
    } finally {
      fs.rmSync(userDataDir, { recursive: true, force: true });
    }
  };
  return context;
}

/** Saves a screenshot of the page's viewport as screenshots/<name>.png and returns its path. */
export async function screenshot(page, name) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${String(name).replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file });
  return file;
}
