import { describe, expect, it, jest } from '@jest/globals';
import { ChunkTimeoutError, failedModuleUrl, LAZY_LOADING_DELAY_MS, LAZY_TIMEOUT_MS, retryModuleUrl, withTimeout } from './lazyPage';

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

describe('importing a failed page chunk again', () => {
  it('finds the module a failed import names, in Chromium and Firefox words', () => {
    expect(failedModuleUrl(new TypeError('Failed to fetch dynamically imported module: http://localhost:3000/assets/AboutPage-Bx1c.js'))).toBe(
      'http://localhost:3000/assets/AboutPage-Bx1c.js',
    );
    expect(failedModuleUrl(new TypeError('error loading dynamically imported module: https://candor.example/assets/A-1.js?retry=2'))).toBe(
      'https://candor.example/assets/A-1.js?retry=2',
    );
  });

  it('has no address for a failure that names none', () => {
    expect(failedModuleUrl(new TypeError('Importing a module script failed.'))).toBeNull();
    expect(failedModuleUrl(new ChunkTimeoutError())).toBeNull();
  });

  it('asks for a new address on each attempt, the path unchanged', () => {
    expect(retryModuleUrl('http://localhost:3000/assets/A-1.js', 1)).toBe('http://localhost:3000/assets/A-1.js?retry=1');
    expect(retryModuleUrl('http://localhost:3000/assets/A-1.js?retry=1', 2)).toBe('http://localhost:3000/assets/A-1.js?retry=2');
  });
});
