import { describe, expect, it, jest } from '@jest/globals';
import type { Redis } from 'ioredis';
import { REDIS_CHANNELS } from '@candor/cross-process';
import { fake } from '../../../test/utils.js';
import { FeedHalts } from './feed-halts.js';
import type { FeedHaltsRepository } from './feed-halts.repository.js';

const LAST_TICK = Date.parse('2026-12-01T00:00:00Z');
const AT = LAST_TICK + 5000;

/** FeedHalts on a fake repository and a Redis whose pipelines record their commands. */
function setup() {
  const repo = fake<FeedHaltsRepository>();
  repo.open.mockResolvedValue([]);
  repo.start.mockResolvedValue('7');
  repo.end.mockResolvedValue(undefined);
  const sent: unknown[][] = [];
  const pipe = {
    del: (...a: unknown[]) => (sent.push(['del', ...a]), pipe),
    hset: (...a: unknown[]) => (sent.push(['hset', ...a]), pipe),
    hdel: (...a: unknown[]) => (sent.push(['hdel', ...a]), pipe),
    publish: (...a: unknown[]) => (sent.push(['publish', ...a]), pipe),
    exec: async () => [],
  };
  const redis = { multi: () => pipe } as unknown as Redis;
  const halts = new FeedHalts(repo as unknown as FeedHaltsRepository, redis, async () => LAST_TICK, { warn: jest.fn() });
  return { halts, repo, sent };
}

describe('FeedHalts', () => {
  it("records a halt from the product's last tick, holding its ticks back until the row is stored", async () => {
    const { halts, repo, sent } = setup();
    const done = halts.report('BTCUSDT', 'quorum', AT);
    expect(halts.blocked('BTCUSDT')).toBe(true);
    await done;
    expect(repo.start).toHaveBeenCalledWith('BTCUSDT', 'quorum', new Date(LAST_TICK));
    expect(halts.blocked('BTCUSDT')).toBe(false);
    expect(halts.halted('BTCUSDT')).toBe('quorum');
    expect(sent).toContainEqual([
      'publish',
      REDIS_CHANNELS.marketHalts,
      JSON.stringify({ symbol: 'BTCUSDT', haltReason: 'quorum', at: new Date(AT).toISOString() }),
    ]);
  });

  it('ends the halt when the product is priced again, and a second reason changes only the live state', async () => {
    const { halts, repo } = setup();
    await halts.report('BTCUSDT', 'quorum', AT);
    await halts.report('BTCUSDT', 'disagreement', AT + 1000);
    expect(repo.start).toHaveBeenCalledTimes(1);
    expect(halts.halted('BTCUSDT')).toBe('disagreement');
    await halts.report('BTCUSDT', null, AT + 2000);
    expect(repo.end).toHaveBeenCalledWith('7', new Date(AT + 2000));
    expect(halts.halted('BTCUSDT')).toBeNull();
  });

  it('picks up the halts a previous feed left open', async () => {
    const { halts, repo, sent } = setup();
    repo.open.mockResolvedValue([{ id: '3', symbol: 'ETHUSDT', reason: 'disagreement', started_at: new Date(LAST_TICK) }]);
    await halts.load();
    expect(halts.halted('ETHUSDT')).toBe('disagreement');
    await halts.report('ETHUSDT', null, AT);
    expect(repo.end).toHaveBeenCalledWith('3', new Date(AT));
    expect(sent[0]?.[0]).toBe('del');
  });
});
