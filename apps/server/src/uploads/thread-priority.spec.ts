import fs from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { lowerImageThreadPriority, setImageThreadNiceness } from './thread-priority.js';

const vipsThreads = () =>
  fs
    .readdirSync('/proc/self/task')
    .filter((tid) => {
      try {
        return fs.readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() === 'libvips worker';
      } catch {
        return false;
      }
    })
    .map(Number);

describe('lowerImageThreadPriority', () => {
  // /proc and per-thread priorities are Linux's, where the api runs.
  it('lowers libvips’ workers to the configured niceness, each once, and leaves the event loop’s thread alone', async () => {
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const own = os.getPriority(process.pid);
    const threads = vipsThreads();
    expect(threads.length).toBeGreaterThan(0);
    setImageThreadNiceness(0);
    expect(lowerImageThreadPriority()).toBe(0);
    setImageThreadNiceness(10);
    expect(lowerImageThreadPriority()).toBe(threads.length);
    for (const tid of threads) expect(os.getPriority(tid)).toBe(10);
    expect(os.getPriority(process.pid)).toBe(own);
    expect(lowerImageThreadPriority()).toBe(0);
  });

  it('does nothing where the thread list cannot be read', () => {
    expect(lowerImageThreadPriority('/nonexistent/task')).toBe(0);
  });
});
