import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { EVENTS_MAX_HOLD_MS, SettlementService } from './settlement.service.js';
import type { SettledRow } from './settlement-entry.js';

const row = (id: number): SettledRow => ({ id: String(id), user_id: `u${id % 3}` }) as unknown as SettledRow;
const turn = () => new Promise((r) => setImmediate(r));

/**
 * A service whose batches come from a script instead of Postgres: `batches` are handed out in order
 * (one per transaction), a batch that is an Error fails its transaction.
 */
function serviceWith(batches: (SettledRow[] | Error)[], log: string[], batchMs = 0) {
  const queue = [...batches];
  const ledger = { transaction: async <T>(fn: (em: unknown) => Promise<T>) => fn({}) };
  const events = {
    settled: async (rows: readonly SettledRow[]) => {
      log.push(`push ${rows.map((r) => r.id).join(',')}`);
    },
  };
  const svc = new SettlementService({} as never, ledger as never, events);
  svc.settleBatch = async () => {
    await turn();
    if (batchMs) jest.setSystemTime(Date.now() + batchMs);
    const next = queue.shift() ?? [];
    if (next instanceof Error) throw next;
    log.push(`commit ${next.map((r) => r.id).join(',')}`);
    return next;
  };
  return svc;
}

describe('SettlementService.settleWindow', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('settles batch after batch until one comes back short, and pushes them all once the pass has nothing left to run', async () => {
    const log: string[] = [];
    const svc = serviceWith([[row(1), row(2)], [row(3), row(4)], [row(5)]], log);
    const settled = await svc.settleWindow(0, 1000, { limit: 2, lanes: 1 });
    expect(settled.map((r) => r.id)).toEqual(['1', '2', '3', '4', '5']);
    expect(log).toEqual(['commit 1,2', 'commit 3,4', 'commit 5']); // no push between batches
    await turn();
    expect(log).toEqual(['commit 1,2', 'commit 3,4', 'commit 5', 'push 1,2,3,4,5']);
  });

  it('with two lanes, pushes once both are done', async () => {
    const log: string[] = [];
    const svc = serviceWith([[row(1), row(2)], [row(3), row(4)], [row(5)], []], log);
    const settled = await svc.settleWindow(0, 1000, { limit: 2, lanes: 2 });
    expect(settled.map((r) => r.id).sort()).toEqual(['1', '2', '3', '4', '5']);
    await turn();
    expect(log.filter((l) => l.startsWith('push'))).toHaveLength(1);
    expect(log.at(-1)).toMatch(/^push /);
    expect(log.at(-1)!.slice(5).split(',').sort()).toEqual(['1', '2', '3', '4', '5']);
  });

  it('pushes what committed even when a later batch fails, and reports the failure', async () => {
    const log: string[] = [];
    const svc = serviceWith([[row(1), row(2)], new Error('connection lost')], log);
    await expect(svc.settleWindow(0, 1000, { limit: 2, lanes: 1 })).rejects.toThrow('connection lost');
    await turn();
    expect(log).toEqual(['commit 1,2', 'push 1,2']);
  });

  it('a pass that runs for long pushes what waited EVENTS_MAX_HOLD_MS without waiting for its end', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'], now: 1_800_000_000_000 });
    const log: string[] = [];
    const batchMs = Math.ceil(EVENTS_MAX_HOLD_MS / 2);
    const svc = serviceWith([[row(1)], [row(2)], [row(3)], [row(4)], []], log, batchMs);
    await svc.settleWindow(0, 1000, { limit: 1, lanes: 1 });
    await turn();
    expect(log).toEqual(['commit 1', 'commit 2', 'commit 3', 'push 1,2,3', 'commit 4', 'commit ', 'push 4']);
  });

  it('pushes nothing when nothing was ready', async () => {
    const log: string[] = [];
    const svc = serviceWith([[]], log);
    expect(await svc.settleWindow(0, 1000, { limit: 2, lanes: 1 })).toEqual([]);
    await turn();
    expect(log).toEqual(['commit ']);
  });
});
