import { describe, expect, it } from '@jest/globals';
import { SettleWakeup, tickTimeOf } from './settle-wakeup.js';

function wakeupWith(promoted: string[], states: Record<string, 'delayed' | 'active' | 'gone'>) {
  const queue = {
    getJob: async (id: string) => {
      if (states[id] === 'gone') return undefined;
      return {
        promote: async () => {
          if (states[id] !== 'delayed') throw new Error('not delayed');
          promoted.push(id);
        },
      };
    },
  };
  return new SettleWakeup({ REDIS_URL: 'redis://unused' } as never, queue as never);
}
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('SettleWakeup', () => {
  it('promotes the jobs whose second began before the tick, once, and keeps the others waiting', async () => {
    const promoted: string[] = [];
    const w = wakeupWith(promoted, { 'settle-100': 'delayed', 'settle-101': 'delayed', 'settle-102': 'delayed' });
    w.wait('settle-100', 100);
    w.wait('settle-101', 101);
    w.wait('settle-102', 102);
    w.onTick(101_000); // not later than the start of 101
    await flush();
    expect(promoted).toEqual(['settle-100']);
    w.onTick(101_001);
    w.onTick(101_500);
    await flush();
    expect(promoted).toEqual(['settle-100', 'settle-101']);
    w.onTick(Number.NaN);
    await flush();
    expect(promoted).toEqual(['settle-100', 'settle-101']);
  });

  it('ignores jobs that are running or gone', async () => {
    const promoted: string[] = [];
    const w = wakeupWith(promoted, { 'settle-5': 'active', 'settle-6': 'gone' });
    w.wait('settle-5', 5);
    w.wait('settle-6', 6);
    w.onTick(10_000);
    await flush();
    expect(promoted).toEqual([]);
  });
});

describe('tickTimeOf', () => {
  it.each<[string, number]>([
    ['{"symbol":"BTCUSDT","seq":"5","t":"2026-01-01T00:00:01.250Z","price":"1"}', Date.UTC(2026, 0, 1, 0, 0, 1, 250)],
    ['{"symbol":"BTCUSDT"}', Number.NaN],
    ['not json', Number.NaN],
    ['{"t":12}', Number.NaN],
  ])('%s', (message, ms) => {
    expect(tickTimeOf(message)).toEqual(ms);
  });
});
