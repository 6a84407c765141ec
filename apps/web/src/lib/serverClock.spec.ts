import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { observeServerTime, remainingMs, resetServerClock, serverNow } from './serverClock';

describe('the server clock estimate', () => {
  afterEach(() => {
    resetServerClock();
    jest.useRealTimers();
  });

  it('follows the latest-running sample, so a late delivery cannot hold a countdown back', () => {
    jest.useFakeTimers({ now: 1_000_000 });
    observeServerTime(new Date(1_000_000 + 2_000).toISOString()); // the server is 2 s ahead
    observeServerTime(new Date(1_000_000 - 3_000).toISOString()); // a tick delivered 5 s late
    expect(serverNow()).toBe(1_002_000);
    const order = { expiresAt: new Date(1_002_000 + 30_000).toISOString(), durationSeconds: 30 };
    jest.advanceTimersByTime(1_500);
    expect(remainingMs(order, serverNow())).toBe(28_500);
  });

  it('forgets samples older than a minute, so a clock that moved is followed', () => {
    jest.useFakeTimers({ now: 5_000_000 });
    observeServerTime(new Date(5_000_000 + 4_000).toISOString());
    jest.advanceTimersByTime(61_000);
    observeServerTime(new Date(Date.now() + 1_000).toISOString());
    expect(serverNow() - Date.now()).toBe(1_000);
  });

  it('ignores a sample far ahead of the estimate and anything unparseable', () => {
    jest.useFakeTimers({ now: 9_000_000 });
    observeServerTime(new Date(9_000_000 + 500).toISOString());
    observeServerTime(new Date(9_000_000 + 3_600_000).toISOString());
    observeServerTime('not a time');
    expect(serverNow() - Date.now()).toBe(500);
  });

  it('uses the local clock until it has a sample', () => {
    jest.useFakeTimers({ now: 42_000 });
    expect(serverNow()).toBe(42_000);
  });
});
