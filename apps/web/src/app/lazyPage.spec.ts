import { describe, expect, it, jest } from '@jest/globals';
import { ChunkTimeoutError, LAZY_LOADING_DELAY_MS, LAZY_TIMEOUT_MS, withTimeout } from './lazyPage';

describe('lazy page loading limits', () => {
  it('uses the spec values: 200 ms before the loading state, 60 s time-out', () => {
    expect(LAZY_LOADING_DELAY_MS).toBe(200);
    expect(LAZY_TIMEOUT_MS).toBe(60_000);
  });

  it('passes a chunk that arrives in time', async () => {
    await expect(withTimeout(Promise.resolve('chunk'), 50)).resolves.toBe('chunk');
  });

  it('rejects with ChunkTimeoutError when the chunk is late', async () => {
    jest.useFakeTimers();
    try {
      const never = new Promise<string>(() => {});
      const p = withTimeout(never, LAZY_TIMEOUT_MS);
      const settled = p.catch((e: unknown) => e);
      jest.advanceTimersByTime(LAZY_TIMEOUT_MS - 1);
      let done = false;
      void settled.then(() => (done = true));
      await Promise.resolve();
      expect(done).toBe(false);
      jest.advanceTimersByTime(1);
      await expect(settled).resolves.toBeInstanceOf(ChunkTimeoutError);
    } finally {
      jest.useRealTimers();
    }
  });

  it('passes on a load failure', async () => {
    await expect(withTimeout(Promise.reject(new Error('Failed to fetch dynamically imported module')), 50)).rejects.toThrow('Failed to fetch');
  });
});
