import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { Emitter } from '@socket.io/redis-emitter';
import { type ServerToClientEvents } from '@candor/contracts';
import { REDIS } from '../../redis/redis.module.js';
import { LedgerService } from '../../ledger/ledger.service.js';
import { toWallet } from '../../wallet/wallet-view.js';
import { toOrder, type OrderViewRow } from '../order-view.js';
import { socketIoKey, USER_PUSHES_EVENT, type UserPushBatch } from '@candor/cross-process';

export const SETTLEMENT_EVENTS = Symbol('SETTLEMENT_EVENTS');

/** What happens after a settlement batch commits (pushes to the users). */
export interface SettlementEvents {
  settled(rows: readonly (OrderViewRow & { user_id: string })[]): Promise<void>;
}

/**
 * Pushes `order` (the settled order) and `wallet` (the user's wallet after it) to `user:ID`, all of a
 * batch in ONE message: `serverSideEmit(USER_PUSHES_EVENT)` through @socket.io/redis-emitter (default
 * key prefix), which every api instance's Redis adapter receives; the instance holding a user's room
 * delivers that user's pushes (RealtimeGateway.deliverUserPushes). One Redis publish per settlement
 * batch instead of one per push: a burst's thousands of pushes leave with their batch's commit
 * instead of queueing behind the last one.
 */
@Injectable()
export class RedisSettlementEvents implements SettlementEvents {
  private readonly emitter: Emitter<ServerToClientEvents>;

  constructor(
    @Inject(REDIS) redis: Redis,
    private readonly ledger: LedgerService,
  ) {
    this.emitter = new Emitter<ServerToClientEvents>(redis, { key: socketIoKey() });
  }

  async settled(rows: readonly (OrderViewRow & { user_id: string })[]): Promise<void> {
    if (rows.length === 0) return;
    const users = [...new Set(rows.map((r) => r.user_id))];
    const balances = await this.ledger.balancesOf(users);
    const batch: UserPushBatch = {
      orders: rows.map((r) => [r.user_id, toOrder(r)]),
      wallets: [...balances].map(([userId, b]) => [userId, toWallet(b)]),
    };
    this.emitter.serverSideEmit(USER_PUSHES_EVENT, batch);
  }
}
