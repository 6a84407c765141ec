#!/usr/bin/env node
// Lighthouse (mobile preset: a phone's screen, simulated slow 4G and a 4x slower CPU) against a
// running platform, in a process of its own (Lighthouse does not load inside jest):
//
//   node scripts/testing/lighthouse.mjs --base http://localhost:3000 [--runs 3] [--min 95] [--login email:password] <route>...
//
// Prints one JSON line: for each route, the performance and accessibility scores (0-100) of every run,
// the best performance, the lowest accessibility, the audits that cost points, and the host each run was on
// (Lighthouse's benchmarkIndex, and what a page fault cost just before it: budget.mjs). Each route runs
// until a run scores at least --min in both, --runs times at most. The best performance is kept because
// the machine's other work only ever adds time to a run (Lighthouse simulates the phone's slower CPU by
// multiplying the tasks it saw): the fastest run is the nearest to the page's own cost. Accessibility
// does not depend on timing, so its lowest is kept. A run that gives no score (its trace failed) is listed
// under `errors` and tried again, as many times as --runs (at least 3) at most. Chromium is Debian's
// (CHROMIUM_PATH), started by chrome-launcher; with --login the user signs in first through the api from that browser, so the
// refresh cookie is there (Lighthouse clears caches, service workers and storage between runs, not cookies).
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from './browser.mjs';
import { pageFaultMicros } from './budget.mjs';

const { values, positionals } = parseArgs({
  options: { base: { type: 'string' }, runs: { type: 'string', default: '3' }, min: { type: 'string', default: '95' }, login: { type: 'string' } },
  allowPositionals: true,
});
if (!values.base || positionals.length === 0) {
  console.error('usage: lighthouse.mjs --base URL [--runs N] [--min SCORE] [--login email:password] route...');
  process.exit(2);
}
/** The performance metrics reported per run. */
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
};
const runs = Math.max(1, Number(values.runs));
const min = Number(values.min);

/**
 * One Lighthouse run: `{ lhr }`, or `{ error }` when it gave no score (a trace that failed, NO_NAVSTART or
 * NO_LCP, is seen now and then on a busy machine).
 */
async function audit(url) {
  try {
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    if (lhr.runtimeError) return { error: lhr.runtimeError.code };
    const unscored = Object.values(lhr.categories).filter((c) => c.score === null);
    if (unscored.length === 0) return { lhr };
    const failed = Object.values(lhr.audits).filter((a) => a.scoreDisplayMode === 'error');
    return { error: `no ${unscored.map((c) => c.id).join(', ')} score (${failed.map((a) => `${a.id}: ${a.errorMessage}`).join('; ')})` };
  } catch (err) {
    return { error: err.message };
  }
}

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  if (values.login) {
    const [email, ...rest] = values.login.split(':');
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const res = await browser.contexts()[0].request.post(`${values.base}/api/auth/login`, { data: { email, password: rest.join(':') } });
    if (res.status() !== 200) throw new Error(`login -> ${res.status()} ${await res.text()}`);
    await browser.close(); // disconnects; the browser and its cookie stay
  }
  const results = [];
  for (const route of positionals) {
    const scores = [];
    const errors = [];
    // A run that gave no score is not counted; as many of them as runs are tried, and at least 3, so that a
    // single run asked for (the test tier's) is still answered when one trace fails.
    while (scores.length < runs && errors.length < Math.max(runs, 3)) {
      // The host as the run found it: measured just before, while the browser is idle.
      const faultMicros = pageFaultMicros();
      const { lhr, error } = await audit(`${values.base}${route}`);
      if (error) {
        errors.push(error);
        continue;
      }
      const lost = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'numeric'))
        .filter((a) => lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0) || a.id in METRICS)
        .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
      scores.push({
        performance: Math.round(lhr.categories.performance.score * 100),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        metrics: Object.fromEntries(Object.keys(METRICS).map((id) => [METRICS[id], lhr.audits[id]?.displayValue ?? null])),
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
        faultMicros,
        lost,
      });
      if (scores.at(-1).performance >= min && scores.at(-1).accessibility >= min) break;
    }
    results.push({
      route,
      performance: scores.length ? Math.max(...scores.map((s) => s.performance)) : 0,
      accessibility: scores.length ? Math.min(...scores.map((s) => s.accessibility)) : 0,
      runs: scores,
      errors,
    });
  }
  process.stdout.write(`${JSON.stringify(results)}\n`);
} finally {
  await chrome.kill();
}
