// Preloaded (node --import) into the feed process by bench:feed, so the simulator path runs the bench's
// products at the bench's cadence: the simulator's product list is fixed in code (SIM_PRODUCTS, the seeded
// products) and its cadence is a constructor option the runner does not set. Both are replaced here, in
// the process's own module instance, before the runner starts:
//   BENCH_SIM_PRODUCTS     JSON list of SimProduct ({ symbol, start, volatility, precision, volume }); [] for none
//   BENCH_SIM_INTERVAL_MS  mean time between two ticks of a product (the simulator's default is 350)
//   BENCH_SIM_JITTER_MS    its jitter (default 100)
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
