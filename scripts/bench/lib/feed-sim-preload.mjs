// Preloaded (node --import) into the feed process by bench:feed, so the simulator path runs the bench's
// products at the bench's cadence: the simulator's product list is fixed in code (SIM_PRODUCTS, the seeded
// products) and its cadence is a constructor option the runner does not set. Both are replaced here, in
// the process's own module instance, before the runner starts:
//   BENCH_SIM_PRODUCTS     JSON list of SimProduct ({ symbol, start, volatility, precision, volume }); [] for none
//   BENCH_SIM_INTERVAL_MS  mean time between two ticks of a product (the simulator's default is 350)
//   BENCH_SIM_JITTER_MS    its jitter (default 100)
// and, on every path, BENCH_RECEIVE and BENCH_COMMITS_FILE below.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const sim = await import(pathToFileURL(path.join(root, 'apps/server/dist/market/feed/simulated-feed.js')).href);

if (process.env.BENCH_SIM_PRODUCTS) sim.SIM_PRODUCTS.splice(0, sim.SIM_PRODUCTS.length, ...JSON.parse(process.env.BENCH_SIM_PRODUCTS));
const interval = Number(process.env.BENCH_SIM_INTERVAL_MS);
const jitter = process.env.BENCH_SIM_JITTER_MS ? Number(process.env.BENCH_SIM_JITTER_MS) : NaN;
if (interval > 0) {
  const start = sim.SimulatedFeed.prototype.start;
  sim.SimulatedFeed.prototype.start = function (onTick) {
    this.intervalMs = interval;
    if (jitter >= 0) this.jitterMs = jitter;
    return start.call(this, onTick);
  };
}

// BENCH_RECEIVE (JSON { venue: { url, symbols } }): the process also holds one connection per exchange, opened
// and subscribed as the feed's own (ws, no compression, no UTF-8 pass of ws's own), and decodes every frame to
// text, as the feed does before parsing it, then drops it. Beside the simulator's ticks this is what receiving
// the exchanges' frames costs in a process as busy as the feed's (an idle process would wake for each frame).
if (process.env.BENCH_RECEIVE) {
  const { default: WebSocket } = await import('ws');
  const { PROTOCOLS } = await import(pathToFileURL(path.join(root, 'apps/server/dist/market/feed/venues/protocols.js')).href);
  let chars = 0;
  for (const [venue, { url, symbols }] of Object.entries(JSON.parse(process.env.BENCH_RECEIVE))) {
    const protocol = PROTOCOLS[venue];
    const ws = new WebSocket(protocol.connectUrl(url, symbols), { perMessageDeflate: false, skipUTF8Validation: true });
    ws.on('open', () => {
      for (const m of protocol.subscribe(symbols)) ws.send(m);
    });
    ws.on('message', (data) => {
      chars += data.toString().length;
    });
    ws.on('error', (e) => console.error(`bench receive ${venue}: ${e.message}`));
  }
  process.on('exit', () => console.log(`bench receive: ${chars} characters received`));
}

// BENCH_COMMITS_FILE: every write of the tick writer (one statement: the ticks, their candles and the sealed
// blocks) is timed from the call to its answer, and appended to this file each second as lines of
// "epoch ms of the call,ticks,ms": the writer's own share of made -> publish, apart from the wait in its queue.
if (process.env.BENCH_COMMITS_FILE) {
  const fs = await import('node:fs');
  const { PgTickStore } = await import(pathToFileURL(path.join(root, 'apps/server/dist/market/feed/pg-tick-store.js')).href);
  const file = process.env.BENCH_COMMITS_FILE;
  let lines = '';
  const commit = PgTickStore.prototype.commit;
  PgTickStore.prototype.commit = async function (batch) {
    const at = Date.now();
    const t0 = performance.now();
    try {
      return await commit.call(this, batch);
    } finally {
      lines += `${at},${batch.ticks.length},${(performance.now() - t0).toFixed(3)}\n`;
    }
  };
  const flush = () => {
    if (lines) fs.appendFileSync(file, lines);
    lines = '';
  };
  setInterval(flush, 1000).unref();
  process.on('exit', flush);
}
