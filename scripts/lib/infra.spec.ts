// Unit tests of the pure and file-system parts of the start/test orchestration.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort, traversableByOthers, waitFor, withDatabase } from './infra.mjs';
import { newestMtime, viteStale } from './build.mjs';
import { jwtSecret, redactUrl } from './platform.mjs';

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-infra-spec-'));
});
afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('withDatabase', () => {
  it.each([
    ['postgres://u:p%40ss@127.0.0.1:5432/postgres', 'candor', 'postgres://u:p%40ss@127.0.0.1:5432/candor'],
    ['postgres://u@h/old?sslmode=require', 'candor_it_1', 'postgres://u@h/candor_it_1?sslmode=require'],
    ['postgres://h:1', 'x', 'postgres://h:1/x'],
  ])('%s -> %s', (url, name, expected) => {
    expect(withDatabase(url, name)).toBe(expected);
  });
});

describe('redactUrl', () => {
  it.each([
    ['postgres://candor:secret@127.0.0.1:5432/candor', 'postgres://candor:***@127.0.0.1:5432/candor'],
    ['redis://127.0.0.1:6379', 'redis://127.0.0.1:6379'],
    ['not a url', '(unparseable URL)'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('jwtSecret', () => {
  it('takes JWT_SECRET from the environment when long enough', () => {
    expect(jwtSecret({ JWT_SECRET: 'x'.repeat(32) }, tmp)).toBe('x'.repeat(32));
    expect(fs.existsSync(path.join(tmp, 'secrets.json'))).toBe(false);
  });
  it.each([1, 31])('refuses a JWT_SECRET of %i characters', (length) => {
    expect(() => jwtSecret({ JWT_SECRET: 'x'.repeat(length) }, tmp)).toThrow(/at least 32/);
  });
  it('generates one secret, keeps it in secrets.json readable by the owner only, and reuses it', () => {
    const first = jwtSecret({}, tmp);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(tmp, 'secrets.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(jwtSecret({}, tmp)).toBe(first);
    expect(jwtSecret({}, fs.mkdtempSync(path.join(tmp, 'other-')))).not.toBe(first);
  });
});

describe('traversableByOthers', () => {
  it('is false below a folder closed to others, true below an open one', () => {
    const closed = path.join(tmp, 'closed');
    const open = path.join(tmp, 'open');
    fs.mkdirSync(closed, { mode: 0o700 });
    fs.mkdirSync(open, { mode: 0o755 });
    fs.chmodSync(tmp, 0o755);
    fs.chmodSync(closed, 0o700);
    fs.chmodSync(open, 0o755);
    expect(traversableByOthers(path.join(closed, 'data'))).toBe(false);
    expect(traversableByOthers(path.join(open, 'data', 'not-yet-created'))).toBe(true);
  });
});

describe('newestMtime and viteStale', () => {
  const touch = (file: string, seconds: number) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'x');
    fs.utimesSync(file, seconds, seconds);
  };
  it('ignores test files and dist/node_modules folders', () => {
    touch(path.join(tmp, 'src/a.ts'), 1000);
    touch(path.join(tmp, 'src/a.spec.ts'), 5000);
    touch(path.join(tmp, 'dist/a.js'), 6000);
    touch(path.join(tmp, 'node_modules/x/index.js'), 7000);
    expect(newestMtime([tmp])).toBe(1000 * 1000);
    touch(path.join(tmp, 'src/b.tsx'), 2000);
    expect(newestMtime([tmp, path.join(tmp, 'missing')])).toBe(2000 * 1000);
  });
  it('says a vite app is stale until its stamp is newer than every input', () => {
    touch(path.join(tmp, 'apps/web/src/main.tsx'), 1000);
    expect(viteStale(tmp, 'web')).toBe(true); // never built
    touch(path.join(tmp, 'apps/web/dist/.candor-build-stamp'), 2000);
    expect(viteStale(tmp, 'web')).toBe(false);
    touch(path.join(tmp, 'libs/contracts/src/index.ts'), 3000); // a shared lib changed
    expect(viteStale(tmp, 'web')).toBe(true);
  });
});

describe('freePort', () => {
  it('returns a port that can be listened on', async () => {
    const port = await freePort();
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    await new Promise((resolve) => server.close(resolve));
    expect(port).toBeGreaterThan(0);
  });
});

describe('waitFor', () => {
  it('resolves with the first truthy value', async () => {
    let calls = 0;
    await expect(waitFor(() => ++calls >= 3 && 'ready', { intervalMs: 1 })).resolves.toBe('ready');
    expect(calls).toBe(3);
  });
  it('stops early with the abort reason', async () => {
    await expect(waitFor(() => false, { intervalMs: 1, abort: () => 'api exited' })).rejects.toThrow('api exited');
  });
  it('times out naming what it waited for and the last error', async () => {
    await expect(
      waitFor(
        () => {
          throw new Error('ECONNREFUSED');
        },
        { timeoutMs: 20, intervalMs: 5, what: 'Postgres' },
      ),
    ).rejects.toThrow(/waiting for Postgres \(last error: ECONNREFUSED\)/);
  });
});
