import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { startSmtp, type TestSmtp } from './support/smtp.js';
import { waitFor } from './support/trading.js';

// Alerts that reach someone: a series crossing a rule's threshold fires the alert with its labels (promtool's rule
// tests), Alertmanager's configuration (docker/alertmanager/render.sh) routes those labels to the e-mail and the
// webhook receivers (amtool), and a real Alertmanager given that alert delivers it to an SMTP server and a webhook.
// The tools come from Debian's `prometheus` and `prometheus-alertmanager` packages, which .ci/run installs: a
// machine without them fails here rather than passing untested.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TOOLS = ['promtool', 'amtool', 'prometheus-alertmanager'] as const;
const RULES = path.join(ROOT, 'docker/prometheus/alerts.yml');
const RULE_TESTS = path.join(ROOT, 'docker/prometheus/alerts.test.yml');
const RENDER = path.join(ROOT, 'docker/alertmanager/render.sh');
const ONCALL = 'oncall@candor.test';
const run = promisify(execFile);

function which(tool: string): string | null {
  for (const dir of [...(process.env.PATH ?? '').split(path.delimiter), '/usr/bin', '/usr/local/bin']) {
    const file = path.join(dir, tool);
    if (fs.existsSync(file)) return file;
  }
  return null;
}

/** Runs a tool: its exit code, everything it printed, and its standard output alone. */
async function exec(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; out: string; stdout: string }> {
  try {
    const r = await run(cmd, args, { env, cwd: ROOT });
    return { code: 0, out: `${r.stdout}${r.stderr}`, stdout: r.stdout };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: `${err.stdout}${err.stderr}`, stdout: err.stdout };
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

interface FiredAlert {
  labels: Record<string, string>;
  annotations: Record<string, string>;
}

/** The first alert the rule tests expect to fire: its labels (with its name) and annotations. */
function firstExpectedAlert(): FiredAlert {
  const doc = parse(fs.readFileSync(RULE_TESTS, 'utf8')) as {
    tests: { alert_rule_test: { alertname: string; exp_alerts: { exp_labels: Record<string, string>; exp_annotations: Record<string, string> }[] }[] }[];
  };
  const test = doc.tests.flatMap((t) => t.alert_rule_test).find((a) => a.exp_alerts.length > 0)!;
  return { labels: { alertname: test.alertname, ...test.exp_alerts[0]!.exp_labels }, annotations: test.exp_alerts[0]!.exp_annotations };
}

let dir: string;
let smtp: TestSmtp;
let hook: http.Server;
let hookUrl: string;
const hookBodies: { receiver: string; status: string; alerts: FiredAlert[] }[] = [];
let alertmanager: ChildProcess | undefined;

beforeAll(async () => {
  const missing = TOOLS.filter((t) => !which(t));
  if (missing.length) {
    throw new Error(`missing ${missing.join(', ')}: install Debian's prometheus and prometheus-alertmanager packages (.ci/run does)`);
  }
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-alerts-'));
  smtp = await startSmtp();
  hook = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      hookBodies.push(JSON.parse(body));
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as net.AddressInfo).port}/candor-alerts`;
});
afterAll(async () => {
  // Alertmanager writes its silences and notification log into the data directory as it shuts down: wait for it
  // to exit before removing the directory (removed under it, the rmdir found files appearing: ENOTEMPTY).
  const am = alertmanager;
  if (am && am.exitCode === null && am.signalCode === null) {
    const exited = new Promise((resolve) => am.once('exit', resolve));
    am.kill('SIGTERM');
    const timer = setTimeout(() => am.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
  await smtp?.close();
  await new Promise((resolve) => (hook ? hook.close(resolve) : resolve(undefined)));
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Renders Alertmanager's configuration as compose does, for this test's SMTP server and webhook. */
async function renderConfig(extra: Record<string, string> = {}): Promise<{ code: number; out: string; file: string }> {
  const env = {
    PATH: process.env.PATH,
    SMTP_URL: smtp.url,
    ALERT_SMTP_REQUIRE_TLS: 'false',
    ALERT_EMAIL_TO: ONCALL,
    ALERT_SMTP_FROM: 'alerts@candor.test',
    ALERT_WEBHOOK_URL: hookUrl,
    ALERT_GROUP_WAIT: '1s',
    ...extra,
  };
  const r = await exec('sh', ['-c', `sh "$0" > "$1"`, RENDER, path.join(dir, 'alertmanager.yml')], env);
  return { ...r, file: path.join(dir, 'alertmanager.yml') };
}

describe('alert rules', () => {
  it('load, and fire on series that cross their thresholds with the labels they route on (promtool)', async () => {
    const check = await exec('promtool', ['check', 'rules', RULES]);
    expect(check).toMatchObject({ code: 0, out: expect.stringMatching(/SUCCESS: \d+ rules found/) });
    const tests = await exec('promtool', ['test', 'rules', RULE_TESTS]);
    expect(tests).toMatchObject({ code: 0, out: expect.stringContaining('SUCCESS') });
  });
});

describe('Alertmanager', () => {
  it('refuses to start without a receiver to reach (no webhook, no mail server)', async () => {
    expect(await renderConfig({ ALERT_WEBHOOK_URL: '' })).toMatchObject({ code: 64, out: expect.stringContaining('ALERT_WEBHOOK_URL') });
    expect(await renderConfig({ SMTP_URL: '' })).toMatchObject({ code: 64, out: expect.stringContaining('SMTP_URL') });
  });

  it("routes the fired alert's labels to the e-mail and the webhook receivers (amtool)", async () => {
    const { code, file } = await renderConfig();
    expect(code).toBe(0);
    expect(await exec('amtool', ['check-config', file])).toMatchObject({ code: 0, out: expect.stringContaining('SUCCESS') });
    const labels = Object.entries(firstExpectedAlert().labels).map(([k, v]) => `${k}=${v}`);
    const routes = await exec('amtool', ['config', 'routes', 'test', `--config.file=${file}`, ...labels]);
    expect(routes.code).toBe(0);
    expect(routes.stdout.trim()).toBe('email,webhook');
    // An alert without a severity still reaches someone.
    const bare = await exec('amtool', ['config', 'routes', 'test', `--config.file=${file}`, 'alertname=Unlabelled']);
    expect(bare.stdout.trim()).toBe('email');
  });

  it('delivers the fired alert as Prometheus sends it: a mail to the on-call address and a POST to the webhook', async () => {
    const { file } = await renderConfig();
    const port = await freePort();
    const storage = path.join(dir, 'data');
    alertmanager = spawn(
      'prometheus-alertmanager',
      [`--config.file=${file}`, `--storage.path=${storage}`, `--web.listen-address=127.0.0.1:${port}`, '--cluster.listen-address='],
      { stdio: 'ignore' },
    );
    const base = `http://127.0.0.1:${port}`;
    await waitFor('Alertmanager ready', async () => (await fetch(`${base}/-/ready`).catch(() => null))?.ok, 20_000, 200);

    const alert = firstExpectedAlert();
    const posted = await fetch(`${base}/api/v2/alerts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify([{ ...alert, startsAt: new Date().toISOString(), generatorURL: 'http://prometheus:9090/graph' }]),
    });
    expect(posted.status).toBe(200);

    const delivered = await waitFor('the webhook call', async () => hookBodies.find((b) => b.status === 'firing'), 30_000, 100);
    expect(delivered.receiver).toBe('webhook');
    expect(delivered.alerts[0]).toMatchObject(alert);
    const [mail] = await smtp.waitFor(ONCALL, { timeoutMs: 30_000 });
    expect(mail!.subject).toContain(alert.labels.alertname);
    expect(mail!.html).toContain(alert.annotations.summary);
  }, 60_000);
});
