#!/usr/bin/env node
// npm run bench:web -- [--runs 5] [--mode host|enforce]
//
// Lighthouse's mobile preset (a phone's screen, simulated slow 4G, a 4x slower CPU) on Home, Products, Detail
// and the personal center, through the browser tier's budget test (apps/web/e2e/budget.e2e.ts, its Lighthouse
// part alone) on the whole platform the tier starts. The test tier prints these scores; this judges them.
// Beside them the baseline: the same server's static offline page (/offline.html: text, an icon, no app
// code), what Lighthouse gives a page on this host and its simulated network when the app costs nothing.
//
// Each route runs until a run scores 95, --runs times at most; its best is kept (other work on the machine
// only adds time). --mode host (the default) judges a route only where the host is one the preset is
// calibrated for (Lighthouse's benchmarkIndex >= 1500, a page fault <= 4 us; scripts/testing/budget.mjs),
// and says "unjudged" elsewhere; --mode enforce judges every run.
//
// Goal: performance >= 95 on each of the four routes; accessibility >= 95 on every run.
// Uses TEST_DATABASE_URL / TEST_REDIS_URL when set (else an embedded Postgres and a Redis child), like the
// tier. Writes bench-results/web-<time>.json.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { ROOT_DIR, exitWithHelpIf, machineNote, printTable, verdict, writeResult } from './lib/common.mjs';

const { values: opt } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    mode: { type: 'string', default: 'host' },
    help: { type: 'boolean', default: false },
  },
});
exitWithHelpIf(opt.help, import.meta.url);
if (!['host', 'enforce'].includes(opt.mode)) {
  console.error('--mode is host or enforce');
  process.exit(2);
}

const figures = writeResult('web-figures', { pending: true });
const code = await new Promise((resolve) => {
  const child = spawn(process.execPath, ['scripts/test.mjs', 'browser', 'apps/web/e2e/budget.e2e.ts', '-t', 'Lighthouse'], {
    cwd: ROOT_DIR,
    stdio: 'inherit',
    env: {
      ...process.env,
      LIGHTHOUSE_PERFORMANCE: opt.mode,
      LIGHTHOUSE_RUNS: String(Math.max(1, Number(opt.runs))),
      LIGHTHOUSE_BASELINE: '/offline.html',
      LIGHTHOUSE_RESULTS: figures,
    },
  });
  child.on('close', (c) => resolve(c ?? 1));
});

const measured = JSON.parse(fs.readFileSync(figures, 'utf8'));
fs.rmSync(figures);
const result = { bench: 'web', command: `npm run bench:web -- ${process.argv.slice(2).join(' ')}`.trim(), machine: machineNote(), exitCode: code, ...measured };
if (measured.pending) {
  console.log('bench:web: the Lighthouse test wrote no figures (see the output above)');
  writeResult('web', result);
  process.exit(1);
}
const { results, verdicts, baseline } = measured;
printTable(
  ['route', 'performance', 'x baseline', 'verdict', 'accessibility', 'best run'],
  results.map((r, i) => {
    const best = r.runs.find((x) => x.performance === r.performance);
    return [
      r.route,
      r.performance,
      baseline ? (r.performance / baseline.performance).toFixed(2) : 'n/a',
      verdicts[i].verdict === 'pass' ? 'ok' : verdicts[i].verdict === 'fail' ? 'MISSED' : 'unjudged',
      `${r.accessibility} ${verdict(r.accessibility >= measured.min)}`,
      best ? Object.values(best.metrics).join(' / ') : '-',
    ];
  }),
);
if (baseline)
  console.log(
    `baseline ${baseline.route}: performance ${baseline.performance} (${Object.entries(baseline.runs[0]?.metrics ?? {})
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')})`,
  );
console.log(`written to ${writeResult('web', result)}`);
process.exit(code);
