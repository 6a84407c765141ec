#!/usr/bin/env node
// Draws the web app's install icons (apps/web/public/icons/*.png) from the Candor mark with headless
// Chromium, so they can be redrawn after a change to the mark: `node scripts/web-icons.mjs`.
// "any" icons are the rounded tile; "maskable" ones fill the square and keep the mark inside the
// central 80% circle that every launcher's mask leaves visible.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './testing/browser.mjs';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(rootDir, 'apps/web/public/icons');
const BLUE = '#1150C2';
const LINE = '<path d="M12 31l8-10 6 6 10-13" stroke="#fff" stroke-width="3.6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>';

const svg = {
  any: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" rx="11" fill="${BLUE}"/>${LINE}</svg>`,
  // Full bleed; the line reaches 15 of the 19.2 units (40%) from the centre that the safe zone allows.
  maskable: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" fill="${BLUE}"/>${LINE}</svg>`,
};

const ICONS = [
  { file: 'icon-192.png', size: 192, kind: 'any' },
  { file: 'icon-512.png', size: 512, kind: 'any' },
  { file: 'maskable-192.png', size: 192, kind: 'maskable' },
  { file: 'maskable-512.png', size: 512, kind: 'maskable' },
  { file: 'apple-touch-icon.png', size: 180, kind: 'maskable' }, // iOS rounds the corners itself
];

fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, 'icon.svg'), `${svg.any}\n`);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, size, kind } of ICONS) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg[kind]}`);
    await page.screenshot({ path: path.join(outDir, file), omitBackground: true });
    console.log(`apps/web/public/icons/${file} (${size}x${size}, ${kind})`);
  }
} finally {
  await browser.close();
}
