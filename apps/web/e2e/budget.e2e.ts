// The web app's budgets, checked against the platform the browser tier starts (a failed budget fails
// CI like any test): JavaScript transferred on a first visit (Home at most 120 KiB compressed), axe-core
// on every route with no serious or critical violation, tap targets of at least 44 px, no layout shift
// while prices move, no animation left running forever, and Lighthouse's mobile preset on Home, Products,
// Detail and the personal center: accessibility at least 95 on every run. Lighthouse's performance score is
// a timing of the host as much as of the page, so here it is printed, not judged: `npm run bench:web` runs
// this same test with the goal (95) judged, beside a baseline page. Figures are printed; docs/performance.md
// records them.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import type { BrowserContext, Page } from 'playwright-core';
import { API, type Order, type Product } from '@candor/contracts';
import { launchBrowser } from '../../../scripts/testing/browser.mjs';
import {
  KIB,
  LIGHTHOUSE_FAULT_CEILING_US,
  LIGHTHOUSE_HOST_FLOOR,
  axeViolations,
  firstVisitJs,
  layoutShiftOver,
  layoutsPerTick,
  lighthouseScores,
  performanceVerdict,
  smallTapTargets,
} from '../../../scripts/testing/budget.mjs';
import { BASE, call, registerUser, type RegisteredUser } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://localhost:6379';
const HOME = '/#/pages/index/index';
const PRODUCTS = '/#/pages/product/product';
const USER = '/#/pages/user/user';
/** JavaScript over the network on a first visit, compressed as sent. Home's is the product's budget. */
const JS_BUDGET_KIB: Record<string, number> = { [HOME]: 120, [PRODUCTS]: 120, [USER]: 120 };
const LIGHTHOUSE_MIN = 95;
/**
 * How performance is treated (performanceVerdict): `report` (the default: printed only, as befits a timing in a
 * test tier), `host` (judged on a host Lighthouse's preset is calibrated for; bench:web) or `enforce` (any host).
 */
const PERFORMANCE_MODE = (['host', 'enforce'] as const).find((m) => m === process.env.LIGHTHOUSE_PERFORMANCE) ?? 'report';
/**
 * Runs a route gets at most, stopping at the first that scores LIGHTHOUSE_MIN. Judged: five, the count
 * Lighthouse's notes on variability use, aggregated by the best (one of the aggregates they name; see
 * lighthouse.mjs): with the whole platform on the same two cores, single runs of one build scatter by ten
 * points and more (docs/performance.md). Reported: one, which is all accessibility (not a timing) needs.
 */
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? (PERFORMANCE_MODE === 'report' ? 1 : 5));
/** A page of the same server beside the routes (bench:web: the static offline page, no app code), and where to write the figures. */
const LIGHTHOUSE_BASELINE = process.env.LIGHTHOUSE_BASELINE ?? '';
const LIGHTHOUSE_RESULTS = process.env.LIGHTHOUSE_RESULTS ?? '';

/** Every path of the app, read from the one place they are spelled (apps/web/src/lib/paths.ts). */
const ALL_PATHS = [...readFileSync(new URL('../src/lib/paths.ts', import.meta.url), 'utf8').matchAll(/^\s+\w+: '(\/[^']*)',$/gm)].map((m) => m[1]!);
const LOGIN = '/pages/login/login';

let user: RegisteredUser;
let product: Product;
let order: Order;
let detail: string;

/** A page in a fresh browser, signed in through the api from inside it when `signedIn`. */
async function freshPage(signedIn: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await launchBrowser();
  const page = context.pages()[0] ?? (await context.newPage());
  if (signedIn) {
    const res = await page.request.post(`${BASE}/api${API.login}`, { data: { email: user.email, password: user.password } });
    expect(res.status()).toBe(200);
  }
  return { context, page };
}

/** The route with the query its page needs to show something. */
function withQuery(path: string): string {
  if (path === '/pages/Detail/Detail') return `${path}?symbol=${product.symbol}`;
  if (path === '/pages/order/receipt') return `${path}?id=${order.id}`;
  if (path === '/pages/order/order') return `${path}?tab=open`;
  return path;
}

/**
 * Waits until the route's page is on screen: its main landmark or heading there, and no loading shapes.
 * A hash-route change renders nothing for up to 200 ms while the page's chunk loads (then its skeleton),
 * and axe would find an empty frame. A page without either is checked after 5 s all the same (axe then
 * says what it lacks).
 */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(
      () =>
        document.querySelector('#root main, #root h1, body > main') !== null &&
        !document.querySelector('[data-testid="page-skeleton"], [data-testid="skeleton-list"], [data-testid="loading"]'),
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('[data-testid="page-skeleton"], [data-testid="skeleton-list"], [data-testid="loading"]'), null, {
    timeout: 15_000,
  });
}

beforeAll(async () => {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  try {
    user = await registerUser(redis, 'budget');
  } finally {
    redis.disconnect();
  }
  const products = await call<Product[]>('GET', API.products);
  const open = products.filter((p) => p.status === 'open' && p.expiries.length > 0);
  product = open.find((p) => p.symbol === 'BTCUSDT') ?? open[0]!;
  expect(product).toBeDefined();
  detail = `/#/pages/Detail/Detail?symbol=${product.symbol}`;
  // A demo order, so the positions and receipt pages have something to show.
  const res = await fetch(`${BASE}/api${API.orders}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.token}`, 'Idempotency-Key': randomUUID() },
    body: JSON.stringify({
      symbol: product.symbol,
      direction: 'up',
      amount: '10',
      durationSeconds: Math.max(...product.expiries.map((e) => e.seconds)),
      account: 'demo',
    }),
  });
  expect(res.status).toBe(201);
  order = (await res.json()) as Order;
}, 60_000);

describe('JavaScript on a first visit', () => {
  it(`stays within budget: Home at most ${JS_BUDGET_KIB[HOME]} KiB compressed`, async () => {
    const figures: string[] = [];
    const over: string[] = [];
    for (const route of [HOME, PRODUCTS, detail, USER]) {
      const { context } = await freshPage(route === USER);
      try {
        const { bytes, files } = await firstVisitJs(context, `${BASE}${route}`);
        expect(files.length).toBeGreaterThan(3);
        // Served compressed: every script of some size came as brotli.
        expect(files.filter((f) => f.bytes > 1024 && f.encoding !== 'br')).toEqual([]);
        figures.push(
          `${route}: ${(bytes / KIB).toFixed(1)} KiB in ${files.length} files (largest ${files[0]!.url.replace(BASE, '')} ${(files[0]!.bytes / KIB).toFixed(1)} KiB)`,
        );
        const budget = JS_BUDGET_KIB[route];
        if (budget !== undefined && bytes > budget * KIB) over.push(`${route}: ${(bytes / KIB).toFixed(1)} KiB > ${budget} KiB`);
      } finally {
        await context.close();
      }
    }
    console.log(`JavaScript transferred on a first visit\n  ${figures.join('\n  ')}`);
    expect(over).toEqual([]);
  }, 120_000);

  it("gets the api's answers of a kilobyte or more compressed: the product list on Home and Products", async () => {
    for (const route of [HOME, PRODUCTS]) {
      const { context } = await freshPage(false);
      try {
        const { api } = await firstVisitJs(context, `${BASE}${route}`);
        const list = api.find((a) => new URL(a.url).pathname === `/api${API.products}`);
        expect(list).toBeDefined();
        expect(list!.decoded).toBeGreaterThan(KIB);
        expect(api.filter((a) => a.decoded > KIB && a.encoding !== 'br').map((a) => a.url)).toEqual([]);
        console.log(`${route}: ${api.map((a) => `${new URL(a.url).pathname} ${a.decoded} B -> ${a.bytes} B ${a.encoding}`).join(', ')}`);
      } finally {
        await context.close();
      }
    }
  }, 60_000);

  it("asks for a landing page's own files from index.html, and each is fetched once", async () => {
    for (const [route, own, other] of [
      [HOME, 'HomePage', 'ProductDetailPage'],
      [detail, 'ProductDetailPage', 'HomePage'],
    ] as const) {
      const { context, page } = await freshPage(false);
      try {
        const requested: string[] = [];
        page.on('request', (r) => requested.push(new URL(r.url()).pathname));
        await page.goto(`${BASE}${route}`);
        await settled(page);
        // build/route-preload.ts: the links its script added, and none for another page.
        const preloaded = await page.evaluate(() => [...document.querySelectorAll('link[data-route-preload]')].map((l) => l.getAttribute('href') ?? ''));
        expect(preloaded.some((h) => h.startsWith(`/assets/${own}-`))).toBe(true);
        expect(preloaded.some((h) => h.startsWith(`/assets/${other}-`))).toBe(false);
        // Vite's preload helper took them as asked for (no second link), and the browser fetched each once (the
        // links' CORS mode matches the module loader's, else a file would come twice).
        const scripts = await page.evaluate(() => [...document.querySelectorAll('link[rel=modulepreload]')].map((l) => l.getAttribute('href')));
        expect(scripts.filter((h, i) => scripts.indexOf(h) !== i)).toEqual([]);
        for (const file of preloaded) expect([file, requested.filter((p) => p === file).length]).toEqual([file, 1]);
      } finally {
        await context.close();
      }
    }
  }, 60_000);

  it("ships React Router's production build, without its development warnings", async () => {
    const { context } = await freshPage(false);
    try {
      const { files } = await firstVisitJs(context, `${BASE}${HOME}`);
      const scripts = await Promise.all(files.map(async (f) => ({ url: f.url, text: await (await context.request.get(f.url)).text() })));
      // The router is on every first visit; one of its development-only messages marks the development files.
      expect(scripts.some((s) => s.text.includes('useNavigate'))).toBe(true);
      expect(scripts.filter((s) => s.text.includes('descendant <Routes>')).map((s) => s.url)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("marks the scripts a first visit runs with Chrome's compile hint, as the first line", async () => {
    const { context } = await freshPage(false);
    try {
      for (const route of [HOME, detail]) {
        const { files } = await firstVisitJs(context, `${BASE}${route}`);
        // The page's modules; not the number-data worker, a few lines run once off the main thread.
        const chunks = files.filter((f) => /^\/assets\/(?!.*\.worker-)/.test(new URL(f.url).pathname));
        expect(chunks.length).toBeGreaterThan(2);
        for (const f of chunks) {
          const text = await (await context.request.get(f.url)).text();
          // V8 reads the hint only at the top of the file (build/compile-hint.ts).
          expect([f.url, text.split('\n', 1)[0]]).toEqual([f.url, '//# allFunctionsCalledOnLoad']);
        }
      }
    } finally {
      await context.close();
    }
  }, 60_000);

  it('loads the number data in a worker on a first visit, with no script or policy error', async () => {
    const { context, page } = await freshPage(false);
    try {
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('console', (m) => {
        // A signed-out visit's session check answers 401 by design: only script and policy errors count.
        if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text());
      });
      const workers: string[] = [];
      page.on('worker', (w) => workers.push(w.url()));
      await page.goto(`${BASE}${PRODUCTS}`);
      await settled(page);
      // The page has made formatters of its own by now (the list's 24h changes).
      await page
        .getByText(/^[+-]?\d+[.,]\d{2}%$/)
        .first()
        .waitFor({ timeout: 10_000 });
      expect(workers.filter((url) => /\/assets\/intl-warmup\.worker-[\w-]+\.js$/.test(url))).toHaveLength(1);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('every route', () => {
  it('has no serious or critical axe-core violation and no tap target under 44 px, signed out and signed in', async () => {
    expect(ALL_PATHS.length).toBeGreaterThan(30);
    const problems: string[] = [];
    const minor: string[] = [];
    const checked = { out: 0, in: 0, loginOnly: [] as string[] };
    /** Opens the route and checks what it shows; false when it sent the visitor to the login page instead. */
    const visit = async (page: Page, route: string, label: 'out' | 'in'): Promise<boolean> => {
      await page.goto(`${BASE}${route}`);
      await settled(page);
      const at = new URL(page.url()).hash.replace(/^#/, '').split('?')[0];
      if (at === LOGIN && !route.includes(LOGIN)) return false;
      for (const v of await axeViolations(page)) {
        const line = `${label} ${route}: axe ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`;
        (v.impact === 'serious' || v.impact === 'critical' ? problems : minor).push(line);
      }
      for (const t of await smallTapTargets(page)) problems.push(`${label} ${route}: tap target ${t}`);
      checked[label] += 1;
      return true;
    };
    // Signed out: every page a visitor can open (the others send them to the login page, checked itself).
    const out = await freshPage(false);
    try {
      for (const path of ALL_PATHS) if (!(await visit(out.page, `/#${withQuery(path)}`, 'out'))) checked.loginOnly.push(path);
      await visit(out.page, '/offline.html', 'out');
    } finally {
      await out.context.close();
    }
    const signedIn = await freshPage(true);
    try {
      for (const path of ALL_PATHS) expect(await visit(signedIn.page, `/#${withQuery(path)}`, 'in')).toBe(true);
    } finally {
      await signedIn.context.close();
    }
    console.log(
      `axe-core and tap targets: ${checked.out} pages signed out (and the offline page), ${checked.in} signed in; ` +
        `${checked.loginOnly.length} routes need a session (${checked.loginOnly.join(' ')}); ` +
        `${problems.length} serious or critical, ${minor.length} minor or moderate${minor.length ? `:\n  ${minor.join('\n  ')}` : ''}`,
    );
    // The pages that need a session were seen signed in; the visitor's own pages were seen signed out.
    expect(checked.in).toBe(ALL_PATHS.length);
    expect(checked.out).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  }, 420_000);
});

describe('live prices', () => {
  it('move without moving anything else on Home, Products and Detail', async () => {
    const { context, page } = await freshPage(false);
    try {
      for (const route of [HOME, PRODUCTS, detail]) {
        await page.goto(`${BASE}${route}`);
        await settled(page);
        const before = await page.getByTestId('price').allTextContents();
        const shift = await layoutShiftOver(page, 4000);
        const after = await page.getByTestId('price').allTextContents();
        // The window saw prices change, or there was nothing to measure.
        expect(after.join() === before.join()).toBe(false);
        expect({ route, ...shift }).toEqual({ route, value: 0, sources: [] });
      }
    } finally {
      await context.close();
    }
  }, 90_000);

  it('leave nothing animating forever once the page is there, on Home, Products and Detail', async () => {
    const { context, page } = await freshPage(false);
    try {
      for (const route of [HOME, PRODUCTS, detail]) {
        await page.goto(`${BASE}${route}`);
        await settled(page);
        await page.getByTestId('live-indicator').and(page.locator('[data-live="true"]')).waitFor({ timeout: 15_000 });
        // An endless animation has the compositor draw 60 frames a second while the page is open, whether or
        // not a price moves (the live dot's pulse did: docs/benchmarks/2026-11.md, "Results, 2026-11-30 (13)").
        const endless = await page.evaluate(() =>
          document
            .getAnimations()
            .filter((a) => a.effect?.getTiming().iterations === Infinity)
            .map((a) => `${(a as CSSAnimation).animationName ?? '?'} on ${(a.effect as KeyframeEffect | null)?.target?.className ?? '?'}`),
        );
        expect({ route, endless }).toEqual({ route, endless: [] });
      }
    } finally {
      await context.close();
    }
  }, 90_000);

  it('draw each tick in one frame on Home and Detail: the price, its flash and the chart together', async () => {
    const { context, page } = await freshPage(false);
    try {
      for (const route of [HOME, detail]) {
        const seen = await layoutsPerTick(page, `${BASE}${route}`);
        console.log(`${route}: ${seen.ticks} ticks, ${seen.layouts} layouts in 4 s`);
        expect(seen.ticks).toBeGreaterThanOrEqual(3);
        // Drawn apart (the chart's candle in a frame of its own, the flash set after the paint) it was two
        // or three layouts a tick; a loaded machine adds a few of its own.
        expect(seen.layouts).toBeLessThanOrEqual(Math.ceil(seen.ticks * 1.5));
      }
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('Lighthouse, mobile preset', () => {
  it(`scores at least ${LIGHTHOUSE_MIN} in accessibility on Home, Products, Detail and the personal center, and prints performance`, async () => {
    const opts = { base: BASE, runs: LIGHTHOUSE_RUNS, min: LIGHTHOUSE_MIN };
    const pub = await lighthouseScores({ ...opts, routes: [HOME, PRODUCTS, detail] });
    const me = await lighthouseScores({ ...opts, routes: [USER], login: user });
    const results = [...pub, ...me];
    const baseline = LIGHTHOUSE_BASELINE ? (await lighthouseScores({ ...opts, routes: [LIGHTHOUSE_BASELINE] }))[0] : undefined;
    // Judged (bench:web) where Lighthouse's mobile preset means what it says: on a host of benchmarkIndex
    // LIGHTHOUSE_HOST_FLOOR or more whose page faults cost at most LIGHTHOUSE_FAULT_CEILING_US (performanceVerdict).
    const verdicts = results.map((r) => ({ route: r.route, ...performanceVerdict(r, { min: LIGHTHOUSE_MIN, mode: PERFORMANCE_MODE }) }));
    const judged =
      PERFORMANCE_MODE === 'host'
        ? `on hosts of benchmarkIndex >= ${LIGHTHOUSE_HOST_FLOOR} and page faults <= ${LIGHTHOUSE_FAULT_CEILING_US} us`
        : PERFORMANCE_MODE;
    const line = (r: (typeof results)[number], verdict?: { verdict: string; reason: string }) =>
      `  ${r.route}: performance ${r.performance}${baseline ? ` (${(r.performance / baseline.performance).toFixed(2)}x the baseline's)` : ''}${verdict ? ` (${verdict.verdict}: ${verdict.reason})` : ''}, accessibility ${r.accessibility}; runs ${r.runs.map((x) => `${x.performance}/${x.accessibility} ${JSON.stringify(x.metrics)} benchmarkIndex ${x.benchmarkIndex} fault ${x.faultMicros} us lost: ${x.lost.join(', ') || '-'}`).join(' | ')}${r.errors.length ? `; runs without a score: ${r.errors.join(' | ')}` : ''}`;
    console.log(
      `Lighthouse (best performance of up to ${LIGHTHOUSE_RUNS} runs, lowest accessibility; performance ${judged === 'report' ? 'reported, not judged (npm run bench:web judges it)' : `judged ${judged}`})\n${results
        .map((r, i) => line(r, verdicts[i]))
        .join('\n')}${baseline ? `\n  baseline ${line(baseline).trimStart()}` : ''}`,
    );
    if (LIGHTHOUSE_RESULTS)
      writeFileSync(
        LIGHTHOUSE_RESULTS,
        `${JSON.stringify({ mode: PERFORMANCE_MODE, min: LIGHTHOUSE_MIN, runs: LIGHTHOUSE_RUNS, results, verdicts, baseline }, null, 2)}\n`,
      );
    expect(verdicts.filter((v) => v.verdict === 'fail').map((v) => `${v.route}: ${v.reason}`)).toEqual([]);
    expect(results.filter((r) => r.accessibility < LIGHTHOUSE_MIN).map((r) => `${r.route}: accessibility ${r.accessibility}`)).toEqual([]);
    expect(results.map((r) => r.route)).toEqual([HOME, PRODUCTS, detail, USER]);
    for (const r of results) expect(r.performance).toBeGreaterThan(0);
    if (baseline) expect(baseline.performance).toBeGreaterThan(0);
  }, 900_000);
});
