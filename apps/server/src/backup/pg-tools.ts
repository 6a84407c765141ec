import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

export type PgTool = 'pg_dump' | 'pg_restore';

/** The major version a client binary reports (`pg_dump (PostgreSQL) 15.20` -> 15), or null when it does not run. */
export function toolMajorVersion(bin: string): number | null {
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  const m = r.status === 0 ? /\)\s+(\d+)/.exec(r.stdout) : null;
  return m ? Number(m[1]) : null;
}

function onPath(name: string, env: NodeJS.ProcessEnv): string[] {
  return (env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, name));
}

/**
 * Where to look for pg_dump / pg_restore, best first: PG_BIN_DIR when set, the folder of the embedded Postgres's own
 * binaries, Debian's versioned folder for the server's major (/usr/lib/postgresql/18/bin), Homebrew's, then PATH.
 */
export function toolCandidates(tool: PgTool, serverMajor: number, opts: { binDir?: string; env?: NodeJS.ProcessEnv } = {}): string[] {
  const env = opts.env ?? process.env;
  const dirs = [
    env.PG_BIN_DIR,
    opts.binDir,
    `/usr/lib/postgresql/${serverMajor}/bin`,
    `/opt/homebrew/opt/postgresql@${serverMajor}/bin`,
    `/usr/local/opt/postgresql@${serverMajor}/bin`,
  ].filter((d): d is string => !!d);
  return [...dirs.map((d) => path.join(d, tool)), ...onPath(tool, env)];
}

/**
 * The first client binary that can handle a server of `serverMajor`: pg_dump refuses a server newer than itself, so
 * its major must be at least the server's. pg_restore only has to read the archive (an older dump restores into a
 * newer server, the usual upgrade path), so it takes `minMajor: 0`; the server's own version is still found first.
 * Throws with what to install when none fits.
 */
export function findPgTool(tool: PgTool, serverMajor: number, opts: { binDir?: string; env?: NodeJS.ProcessEnv; minMajor?: number } = {}): string {
  const minMajor = opts.minMajor ?? serverMajor;
  const seen: string[] = [];
  for (const bin of toolCandidates(tool, serverMajor, opts)) {
    if (!fs.existsSync(bin)) continue;
    const major = toolMajorVersion(bin);
    if (major !== null && major >= minMajor) return bin;
    seen.push(`${bin} (${major ?? 'does not run'})`);
  }
  throw new Error(
    `no ${tool} of version ${minMajor} or later for this PostgreSQL ${serverMajor} server` +
      (seen.length ? ` (found ${seen.join(', ')})` : '') +
      `: install the PostgreSQL ${serverMajor} client tools (Debian/Ubuntu: postgresql-client-${serverMajor}; macOS: brew install postgresql@${serverMajor})` +
      ` or set PG_BIN_DIR to the folder holding ${tool}`,
  );
}
