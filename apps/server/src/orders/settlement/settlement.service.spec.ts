import { describe, expect, it } from '@jest/globals';
import { SettlementService } from './settlement.service.js';
import type { SettledRow } from './settlement-entry.js';

const row = (id: number): SettledRow => ({ id: String(id), user_id: `u${id % 3}` }) as unknown as SettledRow;
const turn = () => new Promise((r) => setImmediate(r));

/**
 * A service whose batches come from a script instead of Postgres: `batches` are handed out in order
 * (one per transaction), a batch that is an Error fails its transaction.
 */
function serviceWith(batches: (SettledRow[] | Error)[], log: string[]) {
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
    const next = queue.shift() ?? [];
    if (next instanceof Error) throw next;
    log.push(`commit ${next.map((r) => r.id).join(',')}`);
    return next;
  };
  return svc;
}

describe('SettlementService.settleWindow', () => {
  it('settles batch after batch until one comes back short, and pushes each batch once it has committed', async () => {
    const log: string[] = [];
    const svc = serviceWith([[row(1), row(2)], [row(3), row(4)], [row(5)]], log);
    const settled = await svc.settleWindow(0, 1000, { limit: 2, lanes: 1 });
    expect(settled.map((r) => r.id)).toEqual(['1', '2', '3', '4', '5']);
    await turn();
    expect(log).toEqual(['commit 1,2', 'push 1,2', 'commit 3,4', 'push 3,4', 'commit 5', 'push 5']);
  });

  it('with two lanes, pushes every batch once, after its own commit', async () => {
    const log: string[] = [];
    const svc = serviceWith([[row(1), row(2)], [row(3), row(4)], [row(5)], []], log);
    const settled = await svc.settleWindow(0, 1000, { limit: 2, lanes: 2 });
    expect(settled.map((r) => r.id).sort()).toEqual(['1', '2', '3', '4', '5']);
    await turn();
    const pushes = log.filter((l) => l.startsWith('push '));
    expect(pushes).toHaveLength(3);
    expect(pushes.flatMap((l) => l.slice(5).split(',')).sort()).toEqual(['1', '2', '3', '4', '5']);
    for (const p of pushes) expect(log.indexOf(p)).toBeGreaterThan(log.indexOf(`commit ${p.slice(5)}`));
  });

  it('pushes what committed even when a later batch fails, and reports the failure', async () => {
    const log: string[] = [];
    const svc = serviceWith([[row(1), row(2)], new Error('connection lost')], log);
    await expect(svc.settleWindow(0, 1000, { limit: 2, lanes: 1 })).rejects.toThrow('connection lost');
    await turn();
    expect(log).toEqual(['commit 1,2', 'push 1,2']);
  });

  it("sends one batch's pushes at a time, in commit order, even when a push takes longer than the next batch", async () => {
    const log: string[] = [];
    const svc = serviceWith([[row(1)], [row(2)], [row(3)], []], log);
    let running = 0;
    (svc as unknown as { events: { settled: (rows: readonly SettledRow[]) => Promise<void> } }).events.settled = async (rows) => {
      running++;
      log.push(`push start ${rows.map((r) => r.id).join(',')} (${running} running)`);
      for (let i = 0; i < 5; i++) await turn(); // slower than a batch
      log.push(`push end ${rows.map((r) => r.id).join(',')}`);
      running--;
    };
    await svc.settleWindow(0, 1000, { limit: 1, lanes: 1 });
    for (let i = 0; i < 30; i++) await turn();
    const pushes = log.filter((l) => l.startsWith('push'));
    expect(pushes).toEqual(['push start 1 (1 running)', 'push end 1', 'push start 2 (1 running)', 'push end 2', 'push start 3 (1 running)', 'push end 3']);
  });

  it('pushes nothing when nothing was ready', async () => {
    const log: string[] = [];
    const svc = serviceWith([[]], log);
    expect(await svc.settleWindow(0, 1000, { limit: 2, lanes: 1 })).toEqual([]);
    await turn();
    expect(log).toEqual(['commit ']);
  });
});
