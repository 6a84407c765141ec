#!/usr/bin/env node
// Checks docker/haproxy.cfg (the load balancer of docker/compose.yaml) without Docker: a local HAProxy
// (Debian: apt-get install -y haproxy) runs the file over TLS (scripts/testing/haproxy.mjs), its server-template line swapped for two local
// api processes, beside a worker, on the cluster tier's Postgres and Redis (embedded, or
// TEST_DATABASE_URL / TEST_REDIS_URL). Through it connect socket.io clients on long-polling with and
// without the sticky cookie, and clients on the web app's transports; then one api is SIGKILLed.
//   node scripts/testing/lb-check.mjs        (after npm run build; exit code 0 when all is as expected)
import path from 'node:path';
import { io } from 'socket.io-client';
import clusterSetup from './cluster-setup.mjs';
import clusterTeardown from './cluster-teardown.mjs';
import { startApi, startWorker } from './cluster.mjs';
import { haproxyMissing, startHaproxy } from './haproxy.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
if (haproxyMissing()) {
  console.error(haproxyMissing());
  process.exit(2);
}
/** The clients trust the test's self-signed certificate (set once HAProxy has it). */
const tlsOptions = {};

/** A socket.io client through the balancer and what happened to it. */
function connect(url, opts) {
  const c = { ticks: 0, errors: 0, disconnects: 0 };
  c.socket = io(url, { path: '/socket.io', forceNew: true, reconnectionDelay: 200, reconnectionDelayMax: 1000, ...tlsOptions, ...opts });
  c.socket.on('ticker', () => c.ticks++);
  c.socket.on('connect_error', () => c.errors++);
  c.socket.on('disconnect', () => c.disconnects++);
  c.socket.on('connect', () => c.socket.emit('subscribe', { channels: ['ticker:BTCUSDT'] }));
  return c;
}
/** The replica a client's sticky cookie names (engine.io-client keeps cookies in Node with withCredentials). */
const cookieOf = (c) => c.socket.io.engine?._cookieJar?._cookies?.get('CANDOR_LB')?.value;
const live = (list, since = 'ticks0') => list.filter((c) => c.socket.connected && c.ticks > (c[since] ?? 0)).length;

const problems = [];
const expect = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) problems.push(what);
};

process.env.CLUSTER_RUN_NAME = 'lb-check'; // its own logs and Redis dir, apart from the cluster tier's
await clusterSetup();
const procs = [];
const clients = [];
let haproxy;
try {
  const [worker, a, b] = await Promise.all([startWorker('lb-worker'), startApi('lb-api-a'), startApi('lb-api-b')]);
  procs.push(worker, a, b);
  // docker/haproxy.cfg as it is (TLS with a self-signed certificate made now), only ports and replicas swapped.
  haproxy = await startHaproxy({ apiPorts: [a.port, b.port], workDir: path.join(process.env.CLUSTER_LOG_DIR, 'lb-check-haproxy') });
  await sleep(2500); // both replicas pass their first health checks
  const url = `https://127.0.0.1:${haproxy.httpsPort}`;
  tlsOptions.ca = haproxy.certificate;

  const sticky = Array.from({ length: 20 }, () => connect(url, { transports: ['polling'], withCredentials: true }));
  const cookieless = Array.from({ length: 10 }, () => connect(url, { transports: ['polling'], withCredentials: false, reconnection: false }));
  const web = Array.from({ length: 10 }, () => connect(url, { transports: ['websocket', 'polling'] }));
  clients.push(...sticky, ...cookieless, ...web);
  await sleep(5000);
  expect(live(sticky) === sticky.length, `long-polling with the sticky cookie: ${live(sticky)}/${sticky.length} connected and receiving ticks`);
  expect(
    new Set(sticky.map(cookieOf)).size === 2,
    `those sessions spread over both replicas (${new Set(sticky.map(cookieOf).filter(Boolean)).size} distinct cookies)`,
  );
  expect(live(web) === web.length, `the web app's transports (WebSocket first): ${live(web)}/${web.length} connected and receiving ticks`);
  console.log(
    `     (long-polling without cookies, for comparison: ${live(cookieless)}/${cookieless.length} connected; socket.io's "Session ID unknown" without stickiness)`,
  );

  for (const c of [...sticky, ...web]) c.ticks1 = c.ticks;
  await a.stop('SIGKILL');
  await sleep(8000);
  expect(
    live(sticky, 'ticks1') === sticky.length,
    `8 s after SIGKILL of one api, long-polling: ${live(sticky, 'ticks1')}/${sticky.length} back and receiving ticks`,
  );
  expect(live(web, 'ticks1') === web.length, `8 s after SIGKILL of one api, WebSocket: ${live(web, 'ticks1')}/${web.length} back and receiving ticks`);
  console.log(
    haproxy
      .log()
      .split('\n')
      .filter((l) => /is DOWN|ALERT/.test(l))
      .slice(-3)
      .map((l) => `     haproxy: ${l.trim()}`)
      .join('\n'),
  );
} catch (err) {
  problems.push(err.message);
  console.error(err);
} finally {
  for (const c of clients) c.socket.close();
  await haproxy?.stop();
  await Promise.all(procs.map((p) => p.stop('SIGTERM')));
  await clusterTeardown();
}
console.log(problems.length ? `${problems.length} problem(s)` : 'OK: docker/haproxy.cfg balances and keeps socket.io sessions on their replica');
process.exit(problems.length ? 1 : 0);
