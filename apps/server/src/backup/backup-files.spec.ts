import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { backupFileName, backupTime, expiredBackups, isCustomFormatDump, pruneBackups } from './backup-files.js';

const day = 24 * 60 * 60 * 1000;
const now = new Date('2026-12-02T03:00:00Z');
const nameDaysAgo = (days: number) => backupFileName(new Date(now.getTime() - days * day));

describe('backup files', () => {
  it('names a dump by its UTC time, so names sort in time order, and reads the time back', () => {
    expect(backupFileName(new Date('2026-12-02T18:30:05.123Z'))).toBe('candor-20261202T183005Z.dump');
    expect(backupTime('candor-20261202T183005Z.dump')).toEqual(new Date('2026-12-02T18:30:05Z'));
    for (const other of ['notes.txt', 'candor-20261202T183005Z.dump.partial', 'candor-latest.dump']) expect(backupTime(other)).toBeNull();
  });

  it.each([
    ['keeps what is younger than the limit', [0, 3, 6.9], 7, []],
    ['removes what is older', [0, 7.1, 30], 7, [7.1, 30]],
    ['always keeps the newest, however old', [40, 50], 7, [50]],
    ['one day kept', [0.5, 1.5, 2], 1, [1.5, 2]],
  ])('%s', (_what, ages, keepDays, removed) => {
    const names = [...ages.map(nameDaysAgo), 'notes.txt'];
    expect(expiredBackups(names, now, keepDays).sort()).toEqual(removed.map(nameDaysAgo).sort());
  });

  it('prunes a folder: old dumps and partial files go, other files stay', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-backups-'));
    try {
      const files = [nameDaysAgo(1), nameDaysAgo(8), `${nameDaysAgo(0)}.partial`, 'keep-me.txt'];
      for (const f of files) fs.writeFileSync(path.join(dir, f), 'x');
      expect(pruneBackups(dir, now, 7).sort()).toEqual([nameDaysAgo(8), `${nameDaysAgo(0)}.partial`].sort());
      expect(fs.readdirSync(dir).sort()).toEqual([nameDaysAgo(1), 'keep-me.txt'].sort());
      expect(pruneBackups(path.join(dir, 'missing'), now, 7)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('tells a custom-format dump (PGDMP) from anything else', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-backups-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.dump'), Buffer.concat([Buffer.from('PGDMP'), Buffer.from([1, 14, 0])]));
      fs.writeFileSync(path.join(dir, 'b.sql'), '-- PostgreSQL database dump\n');
      fs.writeFileSync(path.join(dir, 'c'), 'PG');
      expect([isCustomFormatDump(path.join(dir, 'a.dump')), isCustomFormatDump(path.join(dir, 'b.sql')), isCustomFormatDump(path.join(dir, 'c'))]).toEqual([
        true,
        false,
        false,
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
