#!/usr/bin/env node
// `npm test`: every tier (unit, integration on real Postgres + Redis, cluster: two api and two
// worker processes on one Postgres + Redis, browser in Chromium).
// `node scripts/test.mjs unit|integration|cluster|browser [jest args...]` runs one tier.
//
// Each tier is one jest run (`--selectProjects <tier> --json`); integration, cluster and browser
// run in band, after a build (they run the built server and apps). Later tiers still run after
// an earlier failure so one run reports everything. The last line printed is always
// `N passed, N failed`; a suite that failed to run, a tier that crashed or ran no test, and a
// failed build each count as a failure, so nothing fails silently. Exit code 0 only when
// nothing failed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { build } from './lib/build.mjs';
import { prefixer } from './lib/infra.mjs';
import { failureLines, tierOutcome } from './lib/jest-summary.mjs';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TIERS = ['unit', 'integration', 'cluster', 'browser'];
const NEEDS_BUILD = new Set(['integration', 'cluster', 'browser']);
const IN_BAND = new Set(['cluster', 'browser']);
// The integration tier runs its files one at a time too, but in a worker that is replaced once it holds more
// than 512 MB after a file: in jest's own process the heap grew to 1.8 GB over the tier, and a major collection
// of it paused the api under test for about 100 ms, which the health-latency checks then measured.
const ONE_WORKER = new Set(['integration']);
// A hung tier is stopped, not waited on forever. The browser tier alone took 29.7 min of the old 30 on a
// CI machine, so the guard sits well above what a healthy run of any tier takes.
const TIER_TIMEOUT_MS = Number(process.env.TEST_TIER_TIMEOUT_MS ?? 50 * 60 * 1000);
const log = prefixer('test', process.stderr);

const args = process.argv.slice(2);
const tiers = TIERS.includes(args[0]) ? [args.shift()] : TIERS;
if (args[0] === '--') args.shift();
const extraJestArgs = args;

/** Runs one jest tier; resolves { passed, failed, notes[] }. */
function runTier(tier) {
  const outputFile = path.join(os.tmpdir(), `candor-jest-${tier}-${process.pid}-${Date.now()}.json`);
  const jestArgs = [
    '--experimental-vm-modules',
    path.join(rootDir, 'node_modules/jest/bin/jest.js'),
    '--selectProjects',
    tier,
    '--json',
    `--outputFile=${outputFile}`,
    ...(IN_BAND.has(tier) ? ['--runInBand', '--forceExit'] : []),
    ...(ONE_WORKER.has(tier) ? ['--maxWorkers=1', '--workerIdleMemoryLimit=512MB', '--forceExit'] : []),
    ...extraJestArgs,
  ];
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, jestArgs, { cwd: rootDir, stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      log(`${tier}: still running after ${TIER_TIMEOUT_MS / 60000} min: stopping it`);
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 15000).unref();
    }, TIER_TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      let result = null;
      try {
        result = JSON.parse(fs.readFileSync(outputFile, 'utf8'));
      } catch {
        /* jest did not get as far as writing results */
      }
      fs.rmSync(outputFile, { force: true });
      const { passed, failed, notes } = tierOutcome({ result, code, signal, timedOut });
      log(`${tier}: passed ${passed}, failed ${failed} in ${seconds} s${notes.length ? ` (${notes.join('; ')})` : ''}`);
      const failures = [...failureLines(result, rootDir), ...notes].map((line) => `${tier}: ${line}`);
      resolve({ passed, failed, failures });
    });
  });
}

let passed = 0;
let failed = 0;
const failures = [];
let built = null; // null: not tried; true/false: outcome
for (const tier of tiers) {
  if (NEEDS_BUILD.has(tier)) {
    if (built === null) {
      log(`building for the ${tiers.filter((t) => NEEDS_BUILD.has(t)).join(', ')} tier(s)`);
      try {
        await build({ rootDir, log: prefixer('build', process.stderr), stream: process.stderr });
        built = true;
      } catch (err) {
        log(`build failed: ${err.message}`);
        built = false;
      }
    }
    if (!built) {
      log(`${tier}: not run because the build failed (counted as 1 failure)`);
      failures.push(`${tier}: not run because the build failed`);
      failed += 1;
      continue;
    }
  }
  const result = await runTier(tier);
  passed += result.passed;
  failed += result.failed;
  failures.push(...result.failures);
}

// Repeated last, next to the counts: a log that keeps only its tail still says what failed.
for (const line of failures) log(`failed: ${line}`);
// TEST_FAILURES_FILE: .ci/run collects the lines of several runs there to repeat them once at its very end.
if (process.env.TEST_FAILURES_FILE && failures.length) fs.appendFileSync(process.env.TEST_FAILURES_FILE, failures.map((l) => `${l}\n`).join(''));
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exitCode = failed > 0 ? 1 : 0;
