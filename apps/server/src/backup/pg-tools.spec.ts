import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { findPgTool, toolCandidates, toolMajorVersion } from './pg-tools.js';

/** A fake client binary printing `pg_dump (PostgreSQL) <version>` like the real one. */
function fakeTool(dir: string, name: string, version: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, `#!/bin/sh\necho "${name} (PostgreSQL) ${version}"\n`, { mode: 0o755 });
  return file;
}

describe('finding pg_dump and pg_restore', () => {
  it('reads the major version a binary reports', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-pgtools-'));
    try {
      expect(toolMajorVersion(fakeTool(dir, 'pg_dump', '18.4'))).toBe(18);
      expect(toolMajorVersion(fakeTool(path.join(dir, 'x'), 'pg_dump', '15.20 (Debian 15.20-0+deb12u1)'))).toBe(15);
      expect(toolMajorVersion(path.join(dir, 'missing'))).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('looks in PG_BIN_DIR, the embedded binaries, the versioned folders, then PATH', () => {
    const list = toolCandidates('pg_dump', 18, { binDir: '/emb/bin', env: { PG_BIN_DIR: '/mine', PATH: '/usr/bin' } });
    expect(list).toEqual([
      '/mine/pg_dump',
      '/emb/bin/pg_dump',
      '/usr/lib/postgresql/18/bin/pg_dump',
      '/opt/homebrew/opt/postgresql@18/bin/pg_dump',
      '/usr/local/opt/postgresql@18/bin/pg_dump',
      '/usr/bin/pg_dump',
    ]);
  });

  it('takes the first pg_dump at least as new as the server, and says what to install when there is none', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-pgtools-'));
    try {
      fakeTool(path.join(dir, 'old'), 'pg_dump', '15.20');
      const good = fakeTool(path.join(dir, 'new'), 'pg_dump', '18.1');
      const env = { PATH: [path.join(dir, 'old'), path.join(dir, 'new')].join(path.delimiter) };
      expect(findPgTool('pg_dump', 18, { env })).toBe(good);
      expect(() => findPgTool('pg_dump', 19, { env })).toThrow(/no pg_dump of version 19 or later .*found .*\(15\).*postgresql-client-19/);
      // pg_restore only reads the archive: an older one restores into a newer server.
      const restore = fakeTool(path.join(dir, 'old'), 'pg_restore', '15.20');
      expect(findPgTool('pg_restore', 18, { env, minMajor: 0 })).toBe(restore);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
