// Builds what `npm start` and the integration/browser tests run:
//   1. `tsc -b tsconfig.build.json`  -> apps/server/dist, libs/*/dist
//   2. `vite build` in apps/web      -> apps/web/dist      (base '/')
//   3. `vite build` in apps/console  -> apps/console/dist  (base '/console/')
// after each Vite build, brotli and gzip copies of its text files (precompress.mjs).
// Each step is skipped when its outputs are newer than every input file (cheap mtime check);
// `force` runs everything. A missing vite config skips that app with a warning.
import fs from 'node:fs';
import path from 'node:path';
import { prefixer, runCommand } from './infra.mjs';
import { precompressDir } from './precompress.mjs';

const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', '.data', 'coverage', 'screenshots', 'test-results', 'test', 'e2e']);

/** Newest modification time (ms) of the files under the given paths (0 when none exist). */
export function newestMtime(paths, ignore = /\.(spec|int-spec|e2e)\.tsx?$/) {
  let newest = 0;
  const visit = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const entry of fs.readdirSync(p)) if (!SKIP_DIRS.has(entry)) visit(path.join(p, entry));
    } else if (st.mtimeMs > newest && !ignore.test(p)) {
      newest = st.mtimeMs;
    }
  };
  paths.forEach(visit);
  return newest;
}

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const mtimeOf = (file) => {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
};
const readTsconfig = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** The TypeScript projects reachable from tsconfig.build.json through `references`. */
export function tsProjects(rootDir) {
  const seen = new Map();
  const visit = (configFile) => {
    const dir = path.dirname(configFile);
    if (seen.has(dir)) return;
    const config = readTsconfig(configFile);
    seen.set(dir, config);
    for (const ref of config.references ?? []) {
      const target = path.resolve(dir, ref.path);
      visit(target.endsWith('.json') ? target : path.join(target, 'tsconfig.json'));
    }
  };
  visit(path.join(rootDir, 'tsconfig.build.json'));
  seen.delete(rootDir);
  return [...seen].map(([dir, config]) => ({
    dir,
    stamp: path.resolve(dir, config.compilerOptions?.tsBuildInfoFile ?? 'dist/.tsbuildinfo'),
  }));
}

/** True when any server/lib project has a source newer than its .tsbuildinfo (or none yet). */
export function serverStale(rootDir) {
  const shared = [path.join(rootDir, 'tsconfig.base.json'), path.join(rootDir, 'package-lock.json')];
  return tsProjects(rootDir).some(({ dir, stamp }) => {
    const built = mtimeOf(stamp);
    return !built || newestMtime([path.join(dir, 'src'), path.join(dir, 'tsconfig.json'), ...shared]) > built;
  });
}

export const VITE_APPS = ['web', 'console'];
const STAMP = '.candor-build-stamp';

export function viteInputs(rootDir, app) {
  return [
    path.join(rootDir, 'apps', app),
    ...['domain', 'contracts', 'i18n'].map((lib) => path.join(rootDir, 'libs', lib, 'src')),
    path.join(rootDir, 'tsconfig.base.json'),
    path.join(rootDir, 'package-lock.json'),
  ];
}

export function viteStale(rootDir, app) {
  const built = mtimeOf(path.join(rootDir, 'apps', app, 'dist', STAMP));
  return !built || newestMtime(viteInputs(rootDir, app)) > built;
}

export function viteConfigOf(rootDir, app) {
  return ['vite.config.ts', 'vite.config.mts', 'vite.config.js', 'vite.config.mjs']
    .map((f) => path.join(rootDir, 'apps', app, f))
    .find((f) => fs.existsSync(f));
}

/** True when `build()` would do some work. */
export function buildNeeded(rootDir) {
  return serverStale(rootDir) || VITE_APPS.some((app) => viteConfigOf(rootDir, app) && viteStale(rootDir, app));
}

/**
 * Runs the build. Throws on the first failing step. `track(child|null)` is told about the
 * running compiler so a caller can stop it; compiler output goes to `stream`. Returns { warnings } (apps skipped for a missing config).
 */
export async function build({ rootDir, force = false, log = prefixer('build'), track, stream = process.stdout } = {}) {
  const warnings = [];
  const node = process.execPath;
  if (force || serverStale(rootDir)) {
    log('tsc -b tsconfig.build.json');
    const started = Date.now();
    const { code } = await runCommand({
      name: 'tsc',
      onLine: prefixer('tsc', stream),
      command: node,
      args: [path.join(rootDir, 'node_modules/typescript/bin/tsc'), '-b', 'tsconfig.build.json'],
      cwd: rootDir,
      track,
    });
    if (code !== 0) throw new Error('the TypeScript build failed (tsc -b tsconfig.build.json): see the errors above');
    log(`server and libs built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else {
    log('server and libs are up to date');
  }
  for (const app of VITE_APPS) {
    const config = viteConfigOf(rootDir, app);
    if (!config) {
      const warning = `apps/${app}/vite.config.ts not found: skipping the ${app} build`;
      warnings.push(warning);
      log(`warning: ${warning}`);
      continue;
    }
    if (!force && !viteStale(rootDir, app)) {
      log(`${app} is up to date`);
      continue;
    }
    log(`vite build (apps/${app})`);
    const started = Date.now();
    const appDir = path.join(rootDir, 'apps', app);
    const { code } = await runCommand({
      name: `vite:${app}`,
      onLine: prefixer(`vite:${app}`, stream),
      command: node,
      args: [path.join(rootDir, 'node_modules/vite/bin/vite.js'), 'build', '--config', config, '--logLevel', 'warn'],
      cwd: appDir,
      env: { ...process.env, NODE_ENV: 'production' },
      track,
    });
    if (code !== 0) throw new Error(`the ${app} build failed (vite build in apps/${app}): see the errors above`);
    fs.mkdirSync(path.join(appDir, 'dist'), { recursive: true });
    const packed = await precompressDir(path.join(appDir, 'dist'));
    log(`${app}: ${packed.files} files precompressed, ${kib(packed.bytes)} -> ${kib(packed.br)} brotli, ${kib(packed.gz)} gzip`);
    fs.writeFileSync(path.join(appDir, 'dist', STAMP), `${new Date().toISOString()}\n`);
    log(`${app} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return { warnings };
}
