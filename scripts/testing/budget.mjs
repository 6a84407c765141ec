// Measurements behind the web app's budgets (apps/web/e2e/budget.e2e.ts): JavaScript transferred on a
// first visit, axe-core's findings, tap targets under 44 px, layout shift while prices move, and
// Lighthouse's scores (run by lighthouse.mjs in a process of its own).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import axe from 'axe-core';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const KIB = 1024;

/**
 * Opens `url` in a fresh page of `context` (whose HTTP cache and service worker are empty) and sums the
 * bytes of JavaScript that came over the network, as sent (compressed), until the network is quiet. Each
 * file counts once. Chromium does not always know the body size of a module that a `modulepreload` link
 * fetched (it reports a negative size): then the response's Content-Length, which the api sends with
 * every precompressed file, is the size sent. `api` lists the answers of /api requests the page made, each
 * with its size as sent, its size decoded and its Content-Encoding.
 */
export async function firstVisitJs(context, url, { settleMs = 1500 } = {}) {
  const page = await context.newPage();
  const byUrl = new Map();
  const pending = [];
  const api = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'fetch' && new URL(request.url()).pathname.startsWith('/api/')) {
      pending.push(
        request.response().then(async (response) => {
          if (!response) return;
          const sizes = await request.sizes();
          const body = await response.body().catch(() => null);
          api.push({
            url: request.url(),
            bytes: sizes.responseBodySize,
            decoded: body?.length ?? 0,
            encoding: response.headers()['content-encoding'] ?? 'identity',
          });
        }),
      );
      return;
    }
    if (request.resourceType() !== 'script') return;
    pending.push(
      request.sizes().then(async (sizes) => {
        const response = await request.response();
        const headers = response?.headers() ?? {};
        const bytes = sizes.responseBodySize >= 0 ? sizes.responseBodySize : Number(headers['content-length'] ?? 0);
        const known = byUrl.get(request.url());
        if (!known || known.bytes < bytes) byUrl.set(request.url(), { url: request.url(), bytes, encoding: headers['content-encoding'] ?? 'identity' });
      }),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(settleMs);
  await Promise.all(pending);
  await page.close();
  const files = [...byUrl.values()].sort((a, b) => b.bytes - a.bytes);
  return { bytes: files.reduce((s, f) => s + f.bytes, 0), files, api };
}

/**
 * axe-core on the page as it is now (every rule but the experimental ones, as axe runs by default): its
 * violations with their impact and where they are. axe is put into the page through the DevTools
 * protocol, which the page's Content-Security-Policy does not stop, and stays there across hash-route
 * changes.
 */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  // A button that just turned enabled or a dialog still fading in would be read mid-transition, in colours it
  // never rests in: axe reads the page with transitions and animations at their end.
  const still = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  let violations;
  try {
    violations = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations);
  } finally {
    await still.evaluate((el) => el.remove());
  }
  return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

/**
 * Visible controls smaller than `min` px either way. Links inside running text are left out (WCAG 2.5.5's
 * inline exception): their size is the text's.
 */
export function smallTapTargets(page, min = 44) {
  return page.evaluate((minPx) => {
    const sel = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="link"], [tabindex]:not([tabindex="-1"])';
    const out = [];
    for (const el of document.querySelectorAll(sel)) {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden' || el.closest('[aria-hidden="true"], [inert]')) continue;
      if (el.tagName === 'A' && el.closest('p, li p, .inline-text')) continue;
      // A checkbox or radio inside its label is tapped through the label.
      const hit = (el.tagName === 'INPUT' && el.closest('label')?.getBoundingClientRect()) || r;
      if (hit.width + 0.5 < minPx || hit.height + 0.5 < minPx) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
        const id = el.getAttribute('data-testid') ?? el.className?.toString().split(' ')[0] ?? '';
        out.push(`${el.tagName.toLowerCase()}${id ? `.${id}` : ''} "${name}" ${Math.round(hit.width)}x${Math.round(hit.height)}`);
      }
    }
    return out;
  }, min);
}

/**
 * Opens `url` and, once it has `settledMs` to load, counts over the next `ms` the `ticker` events its socket
 * receives and the layouts Chromium runs (CDP's LayoutCount): a page that draws a tick in one frame lays out
 * about once a tick, or less when ticks share a flush.
 */
export async function layoutsPerTick(page, url, { settleMs = 3000, ms = 4000 } = {}) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Network.enable');
    await cdp.send('Performance.enable');
    let ticks = 0;
    let counting = false;
    cdp.on('Network.webSocketFrameReceived', (e) => {
      if (counting && e.response.payloadData.startsWith('42["ticker"')) ticks++;
    });
    const layouts = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'LayoutCount').value;
    await page.goto(url);
    await page.waitForTimeout(settleMs);
    const before = await layouts();
    counting = true;
    await page.waitForTimeout(ms);
    counting = false;
    return { ticks, layouts: (await layouts()) - before };
  } finally {
    await cdp.detach();
  }
}

/** Layout shift (CLS-style sum of shifts without recent input) on the page over the next `ms`. */
export async function layoutShiftOver(page, ms) {
  return page.evaluate(
    (wait) =>
      new Promise((resolve) => {
        let total = 0;
        const sources = [];
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            if (entry.hadRecentInput) continue;
            total += entry.value;
            for (const s of entry.sources ?? []) {
              // A text node names its element and its text, so a failure says what moved.
              const el = s.node?.nodeType === Node.TEXT_NODE ? s.node.parentElement : null;
              sources.push(
                el
                  ? `#text "${s.node.textContent.slice(0, 24)}" in ${el.tagName.toLowerCase()}.${el.className}`
                  : (s.node?.className?.toString?.() ?? s.node?.nodeName ?? '?'),
              );
            }
          }
        });
        observer.observe({ type: 'layout-shift', buffered: false });
        setTimeout(() => {
          observer.disconnect();
          resolve({ value: total, sources: [...new Set(sources)].slice(0, 10) });
        }, wait);
      }),
    ms,
  );
}

/**
 * Lighthouse's mobile preset on each route: up to `runs` runs each, until one scores `min` in both
 * categories; per route the best performance and the lowest accessibility (see lighthouse.mjs).
 * `login` ({ email, password }) signs in first for routes that need a session.
 */
export function lighthouseScores({ base, routes, runs = 3, min = 95, login }) {
  const args = [
    path.join(HERE, 'lighthouse.mjs'),
    '--base',
    base,
    '--runs',
    String(runs),
    '--min',
    String(min),
    ...(login ? ['--login', `${login.email}:${login.password}`] : []),
    ...routes,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse.mjs exited with ${code}: ${err.trim().slice(-2000)}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop()));
      } catch (e) {
        reject(new Error(`lighthouse.mjs printed no result: ${e.message}\n${out.slice(-500)}\n${err.slice(-1000)}`));
      }
    });
  });
}

/**
 * The benchmarkIndex (Lighthouse's measure of the host's CPU) from which its mobile preset's fixed 4x CPU
 * slowdown stands for the phone it is meant to: Lighthouse documents 4x for its "high-end desktop" bracket,
 * 1500 to 2000, and a lower multiplier below it, where 4x makes a slower phone than the preset's.
 */
export const LIGHTHOUSE_HOST_FLOOR = 1500;

/**
 * The cost of a page fault (microseconds, see pageFaultMicros) above which the host is not one the preset
 * means either. benchmarkIndex times a JavaScript loop and never touches new memory; a browser loading a
 * page does so all the time (a new renderer process, its heaps, the fonts it maps). On a virtual machine
 * that traps page-table changes to its hypervisor a fault cost many times what it does on bare metal, much of
 * Chromium's main-thread time went to the kernel, and Lighthouse multiplied that by 4 as if the page had
 * computed it (docs/benchmarks/2026-11.md, "Results, 2026-11-30 (13)").
 */
export const LIGHTHOUSE_FAULT_CEILING_US = 4;

/**
 * What one page fault costs this host, in microseconds: fresh memory touched a page at a time, the fastest
 * of `trials` (other work on the machine only adds to a trial).
 */
export function pageFaultMicros({ pages = 8192, trials = 3 } = {}) {
  let best = Infinity;
  for (let t = 0; t < trials; t++) {
    const start = process.hrtime.bigint();
    // allocUnsafeSlow: a block of its own, mapped fresh, so each page's first write is a fault.
    const block = Buffer.allocUnsafeSlow(pages * 4096);
    for (let i = 0; i < block.length; i += 4096) block[i] = 1;
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1000 / pages);
  }
  return Math.round(best * 10) / 10;
}

/** The host a run was measured on, as the verdicts name it. */
const host = (r) => `benchmarkIndex ${r.benchmarkIndex}${r.faultMicros === undefined ? '' : `, fault ${r.faultMicros} us`}`;

/**
 * Whether a route's Lighthouse performance meets `min`, from its runs (lighthouseScores).
 * - `pass`: a run scored `min` or more.
 * - `fail`: none did, and at least one ran on a host Lighthouse's preset is calibrated for
 *   (benchmarkIndex >= hostFloor, and a page fault of at most faultCeiling us where it was measured).
 * - `unjudged`: none did, and every run's host was outside that (or no run gave a score): the scores say
 *   more about the machine than about the page, so they are reported, not judged.
 * `mode` 'enforce' judges every run whatever the host; 'report' judges none.
 */
export function performanceVerdict(result, { min = 95, hostFloor = LIGHTHOUSE_HOST_FLOOR, faultCeiling = LIGHTHOUSE_FAULT_CEILING_US, mode = 'host' } = {}) {
  const runs = result.runs ?? [];
  if (runs.some((r) => r.performance >= min)) return { verdict: 'pass', reason: `a run scored ${Math.max(...runs.map((r) => r.performance))}` };
  const calibrated = (r) => r.benchmarkIndex >= hostFloor && !(r.faultMicros > faultCeiling);
  const judged = mode === 'enforce' ? runs : mode === 'report' ? [] : runs.filter(calibrated);
  if (judged.length > 0) {
    return {
      verdict: 'fail',
      reason: `best ${Math.max(...judged.map((r) => r.performance))} < ${min} on hosts of ${judged.map(host).join('; ')}`,
    };
  }
  const why =
    runs.length === 0
      ? 'no run gave a score'
      : mode === 'report'
        ? 'reported only'
        : `every run's host under benchmarkIndex ${hostFloor} or over ${faultCeiling} us a page fault (${runs.map(host).join('; ')})`;
  return { verdict: 'unjudged', reason: why };
}
