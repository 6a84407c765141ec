import fs from 'node:fs';
import path from 'node:path';

/** candor-20261202T183000Z.dump: the time of the dump in UTC, so names sort in time order. */
const NAME = /^candor-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.dump$/;

export function backupFileName(at: Date): string {
  return `candor-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z')}.dump`;
}

/** The time in a backup's name, or null for a file that is not one of ours (those are never removed). */
export function backupTime(name: string): Date | null {
  const m = NAME.exec(name);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : null;
}

/**
 * The backups in `dir` to remove: those older than `keepDays` days at `now`. The newest backup is always kept,
 * so a machine that was off for weeks does not lose its last copy to its first run.
 */
export function expiredBackups(names: readonly string[], now: Date, keepDays: number): string[] {
  const ours = names
    .map((name) => ({ name, at: backupTime(name) }))
    .filter((b): b is { name: string; at: Date } => b.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const limit = now.getTime() - keepDays * 24 * 60 * 60 * 1000;
  return ours
    .slice(1)
    .filter((b) => b.at.getTime() < limit)
    .map((b) => b.name);
}

/** Removes the expired backups of `dir` (and partial files of interrupted dumps); answers the names removed. */
export function pruneBackups(dir: string, now: Date, keepDays: number): string[] {
  const names = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  const removed = expiredBackups(names, now, keepDays);
  for (const name of names) if (name.endsWith('.dump.partial')) removed.push(name);
  for (const name of removed) fs.rmSync(path.join(dir, name), { force: true });
  return removed;
}

/** A pg_dump custom-format archive starts with "PGDMP": anything else is refused before pg_restore sees it. */
export function isCustomFormatDump(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(5);
    return fs.readSync(fd, head, 0, 5, 0) === 5 && head.toString('latin1') === 'PGDMP';
  } finally {
    fs.closeSync(fd);
  }
}
