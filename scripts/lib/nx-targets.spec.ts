import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs the workspace's Nx (no daemon) and answers its JSON output. */
function nx(...args: string[]): unknown {
  const r = spawnSync(process.execPath, [path.join(rootDir, 'node_modules/.bin/nx'), ...args, '--json'], {
    cwd: rootDir,
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
    timeout: 60_000,
  });
  if (r.status !== 0) throw new Error(`nx ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout.slice(r.stdout.search(/[[{]/)));
}

/** The folders holding a project.json: every project of the workspace. */
function projectRoots(): string[] {
  const roots = ['scripts'];
  for (const group of ['apps', 'libs'])
    for (const name of readdirSync(path.join(rootDir, group))) {
      try {
        readFileSync(path.join(rootDir, group, name, 'project.json'));
        roots.push(`${group}/${name}`);
      } catch {
        /* not a project */
      }
    }
  return roots.sort();
}

/** Every *.spec.ts of the repository outside node_modules and build outputs. */
function specFiles(dir = rootDir): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...specFiles(full));
    else if (entry.name.endsWith('.spec.ts')) found.push(path.relative(rootDir, full));
  }
  return found;
}

// `nx affected -t lint typecheck test` must reach every project: each has the three targets, and lint,
// typecheck and unit tests are cached (their inputs are the project's files), integration and browser runs not.
describe('Nx targets', () => {
  const roots = projectRoots();

  it('gives every project lint, typecheck and test targets', () => {
    const names = (nx('show', 'projects') as string[]).sort();
    expect(names).toHaveLength(roots.length);
    for (const target of ['lint', 'typecheck', 'test']) expect((nx('show', 'projects', '--with-target', target) as string[]).sort()).toEqual(names);
  }, 120_000);

  it('caches lint, typecheck and unit tests, and never the runs against a database or a browser', () => {
    const server = nx('show', 'project', 'server') as { root: string; targets: Record<string, { cache?: boolean }> };
    expect(server.root).toBe('apps/server');
    expect({ lint: server.targets.lint?.cache, typecheck: server.targets.typecheck?.cache, test: server.targets.test?.cache }).toEqual({
      lint: true,
      typecheck: true,
      test: true,
    });
    expect(server.targets['test-integration']?.cache).toBe(false);
    const web = nx('show', 'project', 'web') as { targets: Record<string, { cache?: boolean }> };
    expect(web.targets.e2e?.cache).toBe(false);
  }, 60_000);

  it('puts every spec file in a project, the scripts folder included', () => {
    const specs = specFiles();
    expect(specs.some((f) => f.startsWith('scripts/'))).toBe(true);
    const orphans = specs.filter((f) => !roots.some((r) => f.startsWith(`${r}/`)));
    expect(orphans).toEqual([]);
  });
});
