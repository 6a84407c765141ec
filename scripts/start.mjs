#!/usr/bin/env node
// `npm start`: the whole platform on one machine with one command.
// Builds if needed, starts embedded Postgres (unless DATABASE_URL) and a redis-server child
// (unless REDIS_URL), runs migrations and the seed, then the worker and the api, which also
// serves the built web app and console. Ctrl-C (or SIGTERM) stops api, worker, Redis and
// Postgres in that order and exits 0; if a process dies on its own, everything stops and
// the exit code is 1.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeExit, prefixer } from './lib/infra.mjs';
import { createPlatform } from './lib/platform.mjs';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = prefixer('start');
let exitCode = 0;

const platform = createPlatform({
  rootDir,
  env: process.env,
  log,
  onUnexpectedExit(name, exit) {
    log(`${name} exited unexpectedly (${describeExit(exit)}): stopping everything`);
    shutdown(1);
  },
});

function shutdown(code) {
  if (code) exitCode = code;
  if (platform.stopping) return;
  platform.stop().then(
    () => {
      log(exitCode ? 'stopped after a failure' : 'stopped cleanly');
      process.exit(exitCode);
    },
    (err) => {
      log(`error while stopping: ${err.stack ?? err}`);
      process.exit(1);
    },
  );
}

let signals = 0;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    signals += 1;
    if (!platform.stopping) {
      log(`${signal} received: stopping api, worker, redis, postgres`);
      shutdown(0);
    } else if (signals >= 4) {
      log('stopping was interrupted repeatedly: exiting now (services may be left running; the next start cleans them up)');
      process.exit(1);
    } else {
      log('still stopping...');
    }
  });
}
process.on('uncaughtException', (err) => {
  log(`internal error: ${err.stack ?? err}`);
  shutdown(1);
});
process.on('unhandledRejection', (err) => {
  log(`internal error: ${err?.stack ?? err}`);
  shutdown(1);
});

/** The feed's price source from /api/health, once it is decided (FEED=auto waits up to 15 s for the exchanges). */
async function feedLine(baseUrl) {
  const end = Date.now() + 25_000;
  let feed = { mode: 'unknown' };
  while (Date.now() < end) {
    try {
      feed = (await (await fetch(`${baseUrl}/api/health`)).json()).feed ?? feed;
    } catch {
      /* not up yet */
    }
    if (feed.mode !== 'starting' && feed.mode !== 'unknown') break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const setting = feed.configured ? ` (FEED=${feed.configured})` : '';
  if (feed.mode === 'venues') return `median of public exchanges${setting}; products without exchange markets: simulated, demo only`;
  if (feed.mode === 'simulated') return `SIMULATED, demo only${setting}${feed.note ? `: ${feed.note}` : ''}`;
  if (feed.mode === 'replay') return `replay of a recorded file${setting}, demo only`;
  return `not reported yet (${feed.mode}); see /api/health`;
}

/** Where mails go: the SMTP server's scheme, host and port from SMTP_URL (never its credentials), or the worker's log. */
function mailLine(smtpUrl) {
  if (!smtpUrl) return 'written to the worker log (SMTP_URL unset)';
  try {
    const u = new URL(smtpUrl);
    return `sent through ${u.protocol}//${u.host}`;
  } catch {
    return 'SMTP_URL is not a valid URL';
  }
}

function banner(info) {
  const url = info.baseUrl;
  const lines = [
    '',
    '  Candor is running',
    '',
    `    web app   ${url}/            (hash routes, e.g. ${url}/#/pages/index/index)`,
    `    API       ${url}/api         (health: ${url}/api/health)`,
    `    console   ${url}/console/`,
    '',
    `    Postgres  ${info.postgres}`,
    `    Redis     ${info.redis}`,
    `    Prices    ${info.feedLine}`,
    `    Mail      ${mailLine(process.env.SMTP_URL)}`,
  ];
  if (info.seedLines.length) lines.push('', '  Seed:', ...info.seedLines.map((l) => `    ${l.trim()}`));
  if (info.warnings.length) lines.push('', '  Warnings:', ...info.warnings.map((w) => `    ${w}`));
  lines.push('', '  Press Ctrl-C to stop.', '');
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  const rule = '='.repeat(Math.min(width, 100));
  process.stdout.write(`${rule}\n${lines.join('\n')}\n${rule}\n`);
}

try {
  const info = await platform.start();
  info.feedLine = await feedLine(info.baseUrl);
  banner(info);
} catch (err) {
  if (err?.code !== 'STOPPED' && !platform.stopping) {
    log(`error: ${err?.message ?? err}`);
    exitCode = 1;
  }
  if (!platform.stopping) shutdown(exitCode);
}
