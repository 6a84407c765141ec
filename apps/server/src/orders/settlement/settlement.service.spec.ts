import { describe, expect, it } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { USER_ACCOUNT_KINDS } from '@candor/db';
import { newTestService } from '../../../test/utils.js';
import { LedgerService } from '../../ledger/ledger.service.js';
import type { UserAccountIds } from '../../ledger/ledger.types.js';
import { SettlementService } from './settlement.service.js';
import { SettlementRepository, type ClosedRow } from './settlement.repository.js';
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

describe('SettlementService.settleBatch', () => {
  const em = { name: 'the settlement transaction' } as unknown as EntityManager;
  const idsOf = (u: string) => Object.fromEntries(USER_ACCOUNT_KINDS.map((k) => [k, `${u}-${k}`])) as UserAccountIds;
  const closed = (id: string, userId: string, account: 'real' | 'demo', over: Partial<ClosedRow> = {}): ClosedRow =>
    ({
      id,
      user_id: userId,
      account,
      direction: 'up',
      amount: '1000',
      payout_rate: '0.85',
      open_price: '100.00',
      close_price: '100.50',
      status: 'settled',
      outcome: 'win',
      payout: '1850',
      pnl: '850',
      void_reason: null,
      precision: 2,
      ...over,
    }) as ClosedRow;

  function setup() {
    const { sut: built, mocks } = newTestService(SettlementService);
    const sut = built as SettlementService; // the harness answers `unknown` for the service's type
    const repo = mocks.get<SettlementRepository>(SettlementRepository);
    const ledger = mocks.get<LedgerService>(LedgerService);
    ledger.platformAccountId.mockImplementation(async (_em, kind) => `${kind}-id`);
    ledger.usersAccountIds.mockResolvedValue(
      new Map([
        ['u1', idsOf('u1')],
        ['u2', idsOf('u2')],
      ]),
    );
    ledger.postBatch.mockImplementation(async (_em, entries) => entries.map((_e, i) => ({ id: String(i), entryNo: `J${i}` })));
    return { sut, repo, ledger };
  }

  it("closes the window's ready orders and pays each from its own account pair, with the users' cached account ids", async () => {
    const { sut, repo, ledger } = setup();
    repo.closeReady.mockResolvedValue([
      closed('o1', 'u1', 'real'),
      closed('o2', 'u2', 'demo', { close_price: '99.00', outcome: 'loss', payout: '0', pnl: '-1000' }),
    ]);
    const rows = await sut.settleBatch(em, 1_000, 2_000, 50);
    expect(repo.closeReady).toHaveBeenCalledWith(em, expect.objectContaining({ from: '1970-01-01T00:00:01.000Z', to: '1970-01-01T00:00:02.000Z', limit: 50 }));
    expect(ledger.usersAccountIds).toHaveBeenCalledWith(em, ['u1', 'u2']);
    expect(rows.map((r) => [r.cash_account_id, r.escrow_account_id])).toEqual([
      ['u1-cash', 'u1-escrow'],
      ['u2-demo', 'u2-demo_escrow'],
    ]);
    const [entries] = ledger.postBatch.mock.calls[0]!.slice(1) as [{ type: string; postings: { accountId: string; amount: number }[] }[]];
    expect(entries.map((e) => [e.type, e.postings])).toEqual([
      [
        'order_payout',
        [
          { accountId: 'u1-escrow', amount: -1000 },
          { accountId: 'u1-cash', amount: 1850 },
          { accountId: 'house-id', amount: -850 },
        ],
      ],
      [
        'order_loss',
        [
          { accountId: 'u2-demo_escrow', amount: -1000 },
          { accountId: 'demo_house-id', amount: 1000 },
        ],
      ],
    ]);
  });

  it('touches the ledger not at all when nothing was ready', async () => {
    const { sut, repo, ledger } = setup();
    repo.closeReady.mockResolvedValue([]);
    expect(await sut.settleBatch(em, 0, 1_000, 50)).toEqual([]);
    expect(ledger.usersAccountIds).not.toHaveBeenCalled();
    expect(ledger.postBatch).not.toHaveBeenCalled();
  });

  it('fails the batch for a user without ledger accounts, and for an order whose entry was already posted', async () => {
    const { sut, repo, ledger } = setup();
    repo.closeReady.mockResolvedValue([closed('o3', 'u9', 'real')]);
    await expect(sut.settleBatch(em, 0, 1_000, 50)).rejects.toThrow('settlement: user u9 has no ledger accounts');
    repo.closeReady.mockResolvedValue([closed('o1', 'u1', 'real')]);
    ledger.postBatch.mockResolvedValue([null]);
    await expect(sut.settleBatch(em, 0, 1_000, 50)).rejects.toThrow('settlement: 1 orders flipped to settled but their entries already existed');
  });
});
