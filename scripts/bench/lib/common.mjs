// Shared pieces of the benchmark scripts (scripts/bench/*.mjs): process CPU/RSS from /proc,
// a mergeable latency histogram, percentiles, tables, the result file, and a build check.
// Benchmarks print figures and ratios against a baseline measured in the same run; they are
// never timed tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const RESULTS_DIR = path.join(ROOT_DIR, 'bench-results');

const CLK_TCK = (() => {
  const r = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  const n = Number(r.stdout?.trim());
  return Number.isFinite(n) && n > 0 ? n : 100;
})();

/** User + system CPU seconds a process has used so far (from /proc/<pid>/stat), or NaN. */
export function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): utime is field 14, stime field 15.
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return NaN;
  }
}

/** Resident set size of a process in bytes (VmRSS), or NaN. */
export function rssBytes(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return m ? Number(m[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** The soft limit on open files of this process. */
export function openFileLimit() {
  try {
    const limits = fs.readFileSync('/proc/self/limits', 'utf8');
    const m = /^Max open files\s+(\d+|unlimited)\s+(\d+|unlimited)/m.exec(limits);
    if (m) return m[1] === 'unlimited' ? Infinity : Number(m[1]);
  } catch {
    /* not linux */
  }
  return NaN;
}

/** Machine load (1 min) and the busiest other processes, to say what else was running. */
export function machineNote() {
  const [l1, l5] = os.loadavg();
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? '?',
    memGiB: +(os.totalmem() / 2 ** 30).toFixed(1),
    load1: +l1.toFixed(2),
    load5: +l5.toFixed(2),
    node: process.version,
  };
}

/** Samples machine-wide CPU use (all cores) between two calls: returns busy fraction 0..1. */
export function cpuMeter() {
  const read = () => {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = line[3] + (line[4] ?? 0);
    const total = line.reduce((a, b) => a + b, 0);
    return { idle, total };
  };
  const start = read();
  return () => {
    const end = read();
    const total = end.total - start.total;
    return total > 0 ? 1 - (end.idle - start.idle) / total : NaN;
  };
}

// ---------------------------------------------------------------------------
// Latency histogram: fixed 0.1 ms buckets up to 30 s, then an overflow bucket. Mergeable by
// adding counts, so client processes can send theirs to the coordinator.

export const HIST_RES_MS = 0.1;
const HIST_BUCKETS = 300_000;

export class Histogram {
  constructor() {
    this.counts = new Uint32Array(HIST_BUCKETS + 1);
    this.n = 0;
    this.sum = 0;
    this.min = Infinity;
    this.max = -Infinity;
  }

  record(ms) {
    const v = ms < 0 ? 0 : ms;
    const i = Math.min(HIST_BUCKETS, Math.floor(v / HIST_RES_MS));
    this.counts[i]++;
    this.n++;
    this.sum += v;
    if (v < this.min) this.min = v;
    if (v > this.max) this.max = v;
  }

  /** The value at quantile q (0..1): the lower edge of the bucket holding it (exact max for q=1). */
  quantile(q) {
    if (this.n === 0) return NaN;
    if (q >= 1) return this.max;
    const rank = Math.max(1, Math.ceil(q * this.n));
    let seen = 0;
    for (let i = 0; i < this.counts.length; i++) {
      seen += this.counts[i];
      if (seen >= rank) return Math.max(this.min, Math.min(this.max, i * HIST_RES_MS));
    }
    return this.max;
  }

  get mean() {
    return this.n ? this.sum / this.n : NaN;
  }

  /** Sparse JSON form for IPC. */
  toJSON() {
    const sparse = [];
    for (let i = 0; i < this.counts.length; i++) if (this.counts[i]) sparse.push(i, this.counts[i]);
    return { sparse, n: this.n, sum: this.sum, min: this.min, max: this.max };
  }

  merge(json) {
    const { sparse, n, sum, min, max } = json instanceof Histogram ? json.toJSON() : json;
    for (let k = 0; k < sparse.length; k += 2) this.counts[sparse[k]] += sparse[k + 1];
    this.n += n;
    this.sum += sum;
    if (n) {
      this.min = Math.min(this.min, min);
      this.max = Math.max(this.max, max);
    }
    return this;
  }
}

/** Percentile of a plain array of numbers (sorted copy; nearest rank). */
export function percentile(values, q) {
  if (!values.length) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

// ---------------------------------------------------------------------------
// Output

export function fmt(v, digits = 1) {
  if (v === null || v === undefined || Number.isNaN(v)) return 'n/a';
  if (typeof v === 'string') return v;
  if (!Number.isFinite(v)) return String(v);
  if (Math.abs(v) >= 10_000 && digits <= 1) return Math.round(v).toLocaleString('en-US');
  return v.toFixed(digits);
}

/** a / b, or NaN when b is 0 or either is missing. */
export function ratio(a, b) {
  return Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? a / b : NaN;
}

/** Prints rows (arrays of cells) as an aligned text table with a header row. */
export function printTable(header, rows, out = console.log) {
  const all = [header, ...rows].map((r) => r.map((c) => String(c)));
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const line = (r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  out(line(all[0]));
  out(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of all.slice(1)) out(line(r));
}

/** Writes bench-results/<name>-<timestamp>.json and returns its path. */
export function writeResult(name, result) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(RESULTS_DIR, `${name}-${stamp}.json`);
  fs.writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
  return file;
}

export const log = (...parts) => console.log(`[${new Date().toISOString().slice(11, 23)}]`, ...parts);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Verdict text for a goal: "ok" / "MISSED" / "n/a". */
export function verdict(pass) {
  if (pass === null || pass === undefined || Number.isNaN(pass)) return 'n/a';
  return pass ? 'ok' : 'MISSED';
}

// ---------------------------------------------------------------------------
// --profile: CPU profiles of server processes (lib/cpu-profile-preload.mjs)

export const PROFILE_PRELOAD = path.join(ROOT_DIR, 'scripts/bench/lib/cpu-profile-preload.mjs');

/** Node args and env that make a server process profile itself between two SIGWINCH. */
export function profileSetup(name) {
  const dir = path.join(RESULTS_DIR, 'profiles');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`);
  return { file, nodeArgs: ['--import', PROFILE_PRELOAD], env: { BENCH_PROFILE_FILE: file } };
}

/** Sends SIGWINCH (start or stop profiling). */
export function signalProfile(pid) {
  try {
    process.kill(pid, 'SIGWINCH');
  } catch {
    /* gone */
  }
}

/** Stops the profile of `pid`, waits for `file`, returns its summary lines (or a note). */
export async function collectProfile(pid, file) {
  signalProfile(pid);
  for (let i = 0; i < 100 && !fs.existsSync(file); i++) await sleep(100);
  if (!fs.existsSync(file)) return [`(no profile written to ${file})`];
  await sleep(200);
  const { summarizeProfile } = await import('./profile-summary.mjs');
  return [`profile: ${path.relative(ROOT_DIR, file)}`, ...summarizeProfile(file)];
}

/** CPU seconds of a process and its children (e.g. the Postgres postmaster and its backends, live or exited). */
export function treeCpuSeconds(pid) {
  if (!pid) return NaN;
  // The process itself, the children it has reaped (cutime + cstime: Postgres backends that exited)
  // and its live children.
  let total = NaN;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    total = (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / CLK_TCK;
  } catch {
    return NaN;
  }
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === pid) total += (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
    } catch {
      /* gone */
    }
  }
  return total;
}

/** Samples pg_stat_activity of a database every `everyMs` until stop(); returns the commonest wait states. */
export function waitSampler(client, everyMs = 100) {
  const counts = new Map();
  let samples = 0;
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      const { rows } = await client.query(
        `SELECT coalesce(wait_event_type, 'CPU') || ':' || coalesce(wait_event, '') AS w, state, left(regexp_replace(query, '\\s+', ' ', 'g'), 50) AS q
           FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state NOT IN ('idle')`,
      );
      samples++;
      for (const r of rows) {
        const key = `${r.w} (${r.state}) ${r.q}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    } catch {
      /* ignore */
    } finally {
      busy = false;
    }
  }, everyMs);
  return {
    stop(top = 12) {
      clearInterval(timer);
      return {
        samples,
        top: [...counts]
          .sort((a, b) => b[1] - a[1])
          .slice(0, top)
          .map(([k, n]) => ({ sessionsPerSample: +(n / Math.max(1, samples)).toFixed(2), state: k })),
      };
    },
  };
}

/** `--help`: print the script's leading `//` comment lines and exit. */
export function exitWithHelpIf(asked, scriptUrl) {
  if (!asked) return;
  // The script's leading comment block (after the shebang), not the comments further down.
  const lines = fs.readFileSync(new URL(scriptUrl), 'utf8').split('\n');
  const from = lines[0]?.startsWith('#!') ? 1 : 0;
  const end = lines.findIndex((l, i) => i >= from && !l.startsWith('//'));
  console.log(
    lines
      .slice(from, end === -1 ? lines.length : end)
      .map((l) => l.slice(3))
      .join('\n'),
  );
  process.exit(0);
}

/** Cleanups run last-in first-out, once, also on Ctrl-C (`onInterrupt` from the stack helpers). */
export function cleanupStack(onInterrupt) {
  const cleanup = [];
  const stopAll = async () => {
    while (cleanup.length)
      await cleanup
        .pop()()
        .catch((e) => log(`cleanup: ${e.message}`));
  };
  const disarm = onInterrupt(stopAll);
  return { cleanup, stopAll, disarm };
}

/**
 * Runs a benchmark's body, then always: the cleanups (also after an error), the summary table and
 * bench-results/<name>-<time>.json. An error is logged, kept in `result.error` and sets exit code 1.
 */
export async function runBench(name, result, { stopAll, disarm }, summarize, body) {
  try {
    await body();
  } catch (err) {
    log(`error: ${err.stack ?? err.message}`);
    result.error = err.message;
    process.exitCode = 1;
  } finally {
    await stopAll();
    disarm();
  }
  summarize(result);
  const file = writeResult(name, result);
  log(`result: ${path.relative(process.cwd(), file)}`);
  if (result.error) log(`the benchmark did not finish: ${result.error}`);
}
