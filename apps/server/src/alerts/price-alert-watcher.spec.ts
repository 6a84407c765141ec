import { describe, expect, it, jest } from '@jest/globals';
import { DataSource, type EntityManager } from 'typeorm';
import type { AlertThresholds } from '@candor/domain';
import { socketIoKey, type TickMessage } from '@candor/cross-process';
import { newTestService } from '../../test/utils.js';
import { REDIS } from '../redis/redis.module.js';
import { MessagesRepository, type MessageRow } from '../messages/messages.repository.js';
import type { PendingTick } from '../market/feed/tick-writer.js';
import { PriceAlertsRepository, type FiredAlertRow } from './price-alerts.repository.js';
import { PriceAlertWatcher } from './price-alert-watcher.js';

const em = { name: 'a transaction' } as unknown as EntityManager;
const tick = (price: string, t = '2026-12-02T10:00:01.250Z', symbol = 'BTCUSDT'): PendingTick => ({
  symbol,
  seq: '1',
  t,
  price,
  volume: '0',
  message: {} as TickMessage,
});
const firedRow = (over: Partial<FiredAlertRow> = {}): FiredAlertRow => ({
  id: 'a1',
  user_id: 'u1',
  symbol: 'BTCUSDT',
  direction: 'above',
  level: '101.00',
  triggered_at: new Date('2026-12-02T10:00:01.250Z'),
  names: { 'zh-TW': '比特幣', en: 'Bitcoin' },
  ...over,
});

function setup(levels: Record<string, AlertThresholds> = { BTCUSDT: { lowestAbove: '101.00', highestBelow: '90.00' } }) {
  const handlers = new Map<string, (...args: string[]) => void>();
  const sub = {
    on: jest.fn((event: string, fn: (...args: string[]) => void) => handlers.set(event, fn)),
    subscribe: jest.fn(async () => 1),
    quit: jest.fn(async () => 'OK'),
    disconnect: jest.fn(),
  };
  const redis = { publish: jest.fn(async () => 1), duplicate: () => sub };
  const { sut: built, mocks } = newTestService(PriceAlertWatcher, [[REDIS, redis]]);
  const sut = built as PriceAlertWatcher;
  mocks.get<DataSource>(DataSource).transaction.mockImplementation((async (fn: (em: EntityManager) => Promise<unknown>) => fn(em)) as never);
  const repo = mocks.get<PriceAlertsRepository>(PriceAlertsRepository);
  let current = new Map(Object.entries(levels));
  repo.thresholds.mockImplementation(async (symbol?: string | null) => (symbol ? new Map([...current].filter(([s]) => s === symbol)) : new Map(current)));
  const messages = mocks.get<MessagesRepository>(MessagesRepository);
  messages.insertSystem.mockImplementation(async (userId: string, key, vars): Promise<MessageRow> => ({
    id: `m-${userId}`,
    text_key: key,
    vars,
    titles: null,
    bodies: null,
    created_at: new Date(),
    read: false,
  }));
  return { sut, repo, messages, redis, sub, handlers, setLevels: (l: Record<string, AlertThresholds>) => (current = new Map(Object.entries(l))) };
}

describe('PriceAlertWatcher', () => {
  it('reads nothing before this process writes a tick; prices short of every level touch no alert', async () => {
    const { sut, repo } = setup();
    expect(repo.thresholds).not.toHaveBeenCalled();
    for (const price of ['100.00', '100.99', '90.01']) sut.onTicks([tick(price)]);
    await sut.idle();
    expect(repo.thresholds).toHaveBeenCalledTimes(1); // the first read of every product's levels, nothing per tick
    expect(repo.fire).not.toHaveBeenCalled();
    sut.onTicks([tick('5000', undefined, 'ETHUSDT')]); // a product without alerts
    await sut.idle();
    expect(repo.fire).not.toHaveBeenCalled();
  });

  it('a price that reaches a level fires in one transaction with its message, pushes it to the user, and fires no more', async () => {
    const { sut, repo, messages, redis, setLevels } = setup();
    sut.onTicks([tick('100.50')]);
    await sut.idle();
    repo.fire.mockImplementationOnce(async () => {
      setLevels({ BTCUSDT: { lowestAbove: null, highestBelow: '90.00' } }); // the fired alert is no longer active
      return [firedRow()];
    });
    sut.onTicks([tick('101.20')]);
    await sut.idle();
    expect(repo.fire).toHaveBeenCalledWith(em, 'BTCUSDT', '101.20', '2026-12-02T10:00:01.250Z');
    expect(messages.insertSystem).toHaveBeenCalledWith(
      'u1',
      'priceAlert',
      {
        symbol: 'BTCUSDT',
        names: JSON.stringify({ 'zh-TW': '比特幣', en: 'Bitcoin' }),
        direction: 'above',
        level: '101.00',
        price: '101.20',
        at: '2026-12-02 10:00:01 UTC',
      },
      em,
    );
    // Through the socket.io Redis adapter, to the user's room only.
    expect(redis.publish).toHaveBeenCalledTimes(1);
    expect((redis.publish.mock.calls[0] as unknown[])[0]).toBe(`${socketIoKey()}#/#user:u1#`);
    expect(sut.fired).toBe(1);
    sut.onTicks([tick('101.30'), tick('102.00')]);
    await sut.idle();
    expect(repo.fire).toHaveBeenCalledTimes(1);
    // The other side still waits.
    repo.fire.mockResolvedValueOnce([firedRow({ direction: 'below', level: '90.00', user_id: 'u2' })]);
    sut.onTicks([tick('89.00')]);
    await sut.idle();
    expect(repo.fire).toHaveBeenLastCalledWith(em, 'BTCUSDT', '89.00', expect.any(String));
  });

  it('an announced change re-reads that product, and a level the last price already reaches fires at once', async () => {
    const { sut, repo, handlers, setLevels } = setup({});
    sut.onTicks([tick('100.50')]);
    await sut.idle();
    setLevels({ BTCUSDT: { lowestAbove: '100.40', highestBelow: null } });
    repo.fire.mockResolvedValueOnce([firedRow({ level: '100.40' })]);
    handlers.get('message')!('candor:price-alerts-changed', 'BTCUSDT');
    await sut.idle();
    expect(repo.thresholds).toHaveBeenLastCalledWith('BTCUSDT');
    expect(repo.fire).toHaveBeenCalledWith(em, 'BTCUSDT', '100.50', '2026-12-02T10:00:01.250Z');
  });

  it('a failed fire is logged and the next price that reaches the level tries again', async () => {
    const { sut, repo } = setup();
    sut.onTicks([tick('100.00')]);
    await sut.idle();
    repo.fire.mockRejectedValueOnce(new Error('connection lost'));
    sut.onTicks([tick('101.00')]);
    await sut.idle();
    repo.fire.mockResolvedValueOnce([]);
    sut.onTicks([tick('101.10')]);
    await sut.idle();
    expect(repo.fire).toHaveBeenCalledTimes(2);
    await sut.onApplicationShutdown();
    sut.onTicks([tick('150.00')]);
    await sut.idle();
    expect(repo.fire).toHaveBeenCalledTimes(2);
  });
});
