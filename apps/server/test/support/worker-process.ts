import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(process.cwd());
const MAIN = path.join(ROOT, 'apps/server/dist/main/worker.js');
const TEST_ENV_FILE = path.join(ROOT, '.data/test-env.json');

export interface WorkerProcess {
  readonly pid: number;
  output(): string;
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Sends a signal and waits for the process to exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** How it ended (an exit code, or the signal that killed it); null while it runs. */
  ended(): { code: number | null; signal: NodeJS.Signals | null } | null;
}

function testEnv(): Record<string, string> {
  const fromFile = existsSync(TEST_ENV_FILE) ? (JSON.parse(readFileSync(TEST_ENV_FILE, 'utf8')) as Record<string, string>) : {};
  const pick = (k: string) => process.env[k] ?? fromFile[k];
  const env: Record<string, string> = {};
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET']) {
    const v = pick(k);
    if (!v) throw new Error(`${k} is not set: run integration tests through scripts/test.mjs`);
    env[k] = v;
  }
  return env;
}

/** The port the worker's /metrics and /health listen on, from its log line (WORKER_PORT 0: any free port). */
export function workerOpsPort(w: WorkerProcess): number {
  const m = /worker ops listening on [^:]+:(\d+)/.exec(w.output());
  if (!m) throw new Error(`the worker did not say where /health listens:\n${w.output().slice(-2000)}`);
  return Number(m[1]);
}

/**
 * The built worker (`node apps/server/dist/main/worker.js`) as a child process on the test database and
 * Redis, as in production. Resolves once it logged "worker started". The feed is off unless `env` says otherwise.
 */
export async function startWorker(env: Record<string, string> = {}): Promise<WorkerProcess> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build first (npx tsc -b tsconfig.build.json)`);
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: { ...process.env, ...testEnv(), NODE_ENV: 'test', FEED: 'off', WORKER_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const w: WorkerProcess = {
    pid: child.pid!,
    output: () => out,
    async waitForOutput(pattern, timeoutMs = 20_000) {
      const end = Date.now() + timeoutMs;
      while (!pattern.test(out)) {
        if (w.ended()) throw new Error(`worker exited before ${pattern}:\n${out.slice(-4000)}`);
        if (Date.now() > end) throw new Error(`worker did not log ${pattern} within ${timeoutMs} ms:\n${out.slice(-4000)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    ended: () => (child.exitCode !== null || child.signalCode !== null ? { code: child.exitCode, signal: child.signalCode } : null),
    async kill(signal = 'SIGTERM') {
      if (w.ended()) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  await w.waitForOutput(/worker started/);
  return w;
}
