import { describe, expect, it } from '@jest/globals';
import { secondClosedBy, SettleWakeup, tickTimeOf } from './settle-wakeup.js';

function wakeupWith(promoted: string[], states: Record<string, 'delayed' | 'active' | 'gone'>) {
  const queue = {
    getJob: async (id: string) => {
      if (states[id] === 'gone' || states[id] === undefined) return undefined;
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

describe('SettleWakeup on the first tick after a second', () => {
  it('promotes the job of the second a tick closes, once, before that job ever ran', async () => {
    const promoted: string[] = [];
    const w = wakeupWith(promoted, { 'settle-100': 'delayed', 'settle-101': 'delayed', 'settle-102': 'delayed' });
    w.onTick(100_000); // on the boundary of 100: not later than an expiry at 100.000, closes 99 (no such job)
    await flush();
    expect(promoted).toEqual([]);
    w.onTick(100_002); // the boundary tick of 100
    w.onTick(100_002); // another product's, same batch
    w.onTick(100_350);
    await flush();
    expect(promoted).toEqual(['settle-100']);
    w.onTick(101_003);
    await flush();
    expect(promoted).toEqual(['settle-100', 'settle-101']);
  });

  it('a tick that arrived while the job was running promotes it as soon as it waits; otherwise it waits for the next', async () => {
    const promoted: string[] = [];
    const states: Record<string, 'delayed' | 'active' | 'gone'> = { 'settle-200': 'active', 'settle-300': 'active' };
    const w = wakeupWith(promoted, states);
    w.onTick(199_500);
    const mark = w.mark(); // the job of 200 starts its pass
    w.onTick(200_004); // stored during the pass, which may not have seen it; the running job cannot be promoted
    await flush();
    expect(promoted).toEqual([]);
    states['settle-200'] = 'delayed'; // the pass ended: moved to delayed, waits for a tick
    w.wait('settle-200', 200, mark);
    await flush();
    expect(promoted).toEqual(['settle-200']);

    const mark2 = w.mark(); // a pass of 300 with no tick since
    states['settle-300'] = 'delayed';
    w.wait('settle-300', 300, mark2);
    await flush();
    expect(promoted).toEqual(['settle-200']);
    w.onTick(300_001);
    await flush();
    expect(promoted).toEqual(['settle-200', 'settle-300']);
  });

  it.each<[number, number]>([
    [100_000, 99],
    [100_001, 100],
    [100_999, 100],
    [101_000, 100],
  ])('a tick at %p ms closes second %p', (t, s) => {
    expect(secondClosedBy(t)).toBe(s);
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
