// jest globalSetup of the `browser` tier: the whole platform, started the way `npm start`
// starts it (scripts/lib/platform.mjs), from a fresh DATA_DIR (.data/e2e-<time>) on a spare
// port, with fixed seed values the tests log in with. Its processes' output goes to
// <DATA_DIR>/platform.log. Sets E2E_BASE_URL, E2E_REDIS_URL, E2E_DATABASE_URL,
// E2E_INVITE_CODE, E2E_OPERATOR_EMAIL, E2E_OPERATOR_PASSWORD and E2E_OPERATOR_TOTP_SECRET (the seeded
// admin's TOTP secret: scripts/testing/totp.mjs computes its codes) for the tests.
// Mail goes to an SMTP server in this process (smtp-server, mailparser), which keeps each message as a JSON
// file { to, subject, text, html } in E2E_MAIL_DIR, where a test reads the links it was sent.
// Prices come from four fake exchanges on 127.0.0.1 (fake-venues.mjs: the seeded crypto products as a
// random walk, FEED=venues), never from the internet; E2E_VENUES_CONTROL is their HTTP control (POST
// /quote, /silence, /offset, /drop), so a test can halt a product or move its price.
// TEST_DATABASE_URL / TEST_REDIS_URL, when set, replace the embedded Postgres / the Redis child.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDatabase, freePort, prefixer } from '../lib/infra.mjs';
import { createPlatform, stopLeftovers } from '../lib/platform.mjs';
import { startFakeVenues } from './fake-venues.mjs';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const E2E_SEED = {
  SEED_INVITE_CODE: 'E2E2024A',
  OPERATOR_EMAIL: 'operator.e2e@example.com',
  OPERATOR_PASSWORD: 'E2e-Operator-Pass-2024',
  OPERATOR_TOTP_SECRET: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU',
  // A scheduled catalogue change takes effect within the test (never sooner than the longest expiry plus a minute).
  CATALOGUE_NOTICE_HOURS: '0.005',
  // Tests register and log in through the api without solving a proof-of-work. A solution that is sent is still
  // checked, and the registration path without the graphic code always needs one (account-recovery.e2e.ts).
  ALTCHA_REQUIRED: 'false',
  // Every browser and api call of the tests comes from 127.0.0.1 and Redis outlives a test file: per-address failure
  // budgets would add up across files (the per-account ones, which the tests exercise, stay as in production).
  LOGIN_FAILURES_PER_ADDRESS_BEFORE_CAPTCHA: '100000',
  // Every page of every test comes from 127.0.0.1: the per-address buckets would otherwise be shared by the whole
  // tier. The accessible registration's bucket stays as configured (account-recovery.e2e.ts reaches it).
  RATE_LIMIT_ADDRESS_PER_MINUTE: '100000',
  RATE_LIMIT_ACCOUNT_PER_MINUTE: '100000',
  RATE_LIMIT_AUTH_PER_MINUTE: '100000',
  RATE_LIMIT_CAPTCHA_PER_MINUTE: '100000',
  RATE_LIMIT_MAIL_PER_HOUR: '100000',
  RATE_LIMIT_MONEY_PER_MINUTE: '100000',
  OPERATOR_LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
  TOTP_FAILURES_PER_ADDRESS: '100000',
};
const STATE = '__CANDOR_BROWSER__';

/** An SMTP server on 127.0.0.1 that writes every mail it accepts to `dir` as <n>.json. */
async function startMailbox(dir) {
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((parsed) => {
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
        };
        fs.writeFileSync(path.join(dir, `${String(++count).padStart(5, '0')}.json`), JSON.stringify(mail));
        callback();
      }, callback);
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${server.server.address().port}`, dir, close: () => new Promise((resolve) => server.close(resolve)) };
}

function tail(file, lines = 60) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

export default async function browserSetup() {
  const log = prefixer('e2e-setup', process.stderr);
  const dataRoot = path.join(ROOT_DIR, '.data');
  fs.mkdirSync(dataRoot, { recursive: true });
  // Data dirs of earlier runs that died without their teardown.
  for (const entry of fs.readdirSync(dataRoot)) {
    if (!entry.startsWith('e2e-')) continue;
    const dir = path.join(dataRoot, entry);
    if (await stopLeftovers(dir, log)) fs.rmSync(dir, { recursive: true, force: true });
  }

  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const dataDir = path.join(dataRoot, `e2e-${stamp}-${process.pid}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, 'platform.log');
  const logStream = fs.createWriteStream(logFile, { flags: 'a' });
  const toFile = (name) => (line) => logStream.write(`${name.padEnd(8)} | ${line}\n`);

  const env = { ...process.env, NO_COLOR: '1' }; // plain text in platform.log
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'PORT', 'DATA_DIR']) delete env[name];
  const state = { dataDir, logFile, logStream };
  globalThis[STATE] = state;
  if (process.env.TEST_DATABASE_URL) {
    state.external = { serverUrl: process.env.TEST_DATABASE_URL, dbName: `candor_e2e_${stamp}_${process.pid}` };
    env.DATABASE_URL = await ensureDatabase(state.external.serverUrl, state.external.dbName);
  }
  if (process.env.TEST_REDIS_URL) env.REDIS_URL = process.env.TEST_REDIS_URL;

  state.venues = await startFakeVenues();
  state.stopStream = state.venues.stream(['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT'], { everyMs: 250 });
  Object.assign(env, state.venues.env());
  const venuesControl = await state.venues.control();
  state.mailbox = await startMailbox(path.join(dataDir, 'mail'));
  env.SMTP_URL = state.mailbox.url;

  const port = await freePort();
  state.platform = createPlatform({
    rootDir: ROOT_DIR,
    dataDir,
    port,
    env,
    overrides: E2E_SEED,
    nodeEnv: 'production',
    log: (line) => {
      toFile('e2e')(line);
    },
    output: toFile,
    onUnexpectedExit: (name, exit) => log(`${name} exited during the browser tests (${exit.signal ?? `code ${exit.code}`}): see ${logFile}`),
  });
  log(`starting the platform on port ${port} (logs: ${path.relative(ROOT_DIR, logFile)})`);
  let info;
  try {
    info = await state.platform.start();
  } catch (err) {
    const { default: teardown } = await import('./browser-teardown.mjs');
    await teardown({ keepData: true }).catch(() => {});
    throw new Error(`the platform did not start for the browser tests: ${err.message}\n--- ${logFile} (last lines) ---\n${tail(logFile)}`);
  }
  Object.assign(process.env, {
    E2E_BASE_URL: `http://localhost:${port}`,
    E2E_REDIS_URL: info.redisUrl,
    E2E_DATABASE_URL: info.databaseUrl,
    E2E_INVITE_CODE: E2E_SEED.SEED_INVITE_CODE,
    E2E_OPERATOR_EMAIL: E2E_SEED.OPERATOR_EMAIL,
    E2E_OPERATOR_PASSWORD: E2E_SEED.OPERATOR_PASSWORD,
    E2E_OPERATOR_TOTP_SECRET: E2E_SEED.OPERATOR_TOTP_SECRET,
    E2E_VENUES_CONTROL: venuesControl,
    E2E_MAIL_DIR: state.mailbox.dir,
  });
  log(`platform up at ${process.env.E2E_BASE_URL}`);
}
