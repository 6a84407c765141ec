import fs from 'node:fs';
import os from 'node:os';

const THREAD_NAME = 'libvips worker';
const lowered = new Set<number>();
/** The niceness of image threads: they run whenever a core is free, but yield to requests, Postgres and Redis. */
let niceness = 10;

/** IMAGE_THREAD_NICENESS (0 leaves the threads at the process's own priority). */
export function setImageThreadNiceness(value: number): void {
  niceness = value;
}

/**
 * Lowers the scheduling priority of libvips' worker threads, where sharp decodes and encodes. On a machine
 * with few cores a re-encode otherwise takes a core at the same priority as the api's event loop and the
 * databases, and requests queue behind it. Linux only (a thread id is a valid target of setpriority there);
 * elsewhere, or where it is not allowed, it does nothing. Cheap enough to run after every image: libvips
 * may start new workers, and each is lowered once.
 */
export function lowerImageThreadPriority(taskDir = '/proc/self/task'): number {
  if (process.platform !== 'linux' || niceness === 0) return 0;
  let changed = 0;
  let tids: string[];
  try {
    tids = fs.readdirSync(taskDir);
  } catch {
    return 0;
  }
  for (const entry of tids) {
    const tid = Number(entry);
    if (lowered.has(tid)) continue;
    try {
      if (fs.readFileSync(`${taskDir}/${entry}/comm`, 'utf8').trim() !== THREAD_NAME) continue;
      os.setPriority(tid, niceness);
      lowered.add(tid);
      changed++;
    } catch {
      // The thread ended meanwhile, or lowering is not permitted: the image is still made.
    }
  }
  return changed;
}
