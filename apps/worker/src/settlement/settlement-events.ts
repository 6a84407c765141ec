import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { Emitter } from '@socket.io/redis-emitter';
import { USER_PUSHES_EVENT, type ServerToClientEvents, type UserPushBatch } from '@candor/contracts';
import { USER_ACCOUNT_KINDS, type UserAccountKind } from '@candor/db';
import { REDIS } from '@candor/api/redis/redis.module';
import { toCents, type UserBalances } from '@candor/api/ledger/ledger.service';
import { toOrder, toWallet, type OrderViewRow } from '@candor/api/orders/order-view';

export const SETTLEMENT_EVENTS = Symbol('SETTLEMENT_EVENTS');

/** What happens after a settlement batch commits (pushes to the users). */
export interface SettlementEvents { settled(rows: readonly (OrderViewRow & { user_id: string })[]): Promise<void> }

/** Each user's balances by kind, one row per user (the kinds are the ledger's constants). */
const WALLETS_SQL = `SELECT user_id, ${USER_ACCOUNT_KINDS.map((k) => `coalesce(sum(balance) FILTER (WHERE kind = '${k}'), 0)::text AS "${k}"`).join(', ')}
  FROM ledger_accounts WHERE user_id = ANY($1::uuid[]) GROUP BY user_id`;

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

  constructor(@Inject(REDIS) redis: Redis, @InjectDataSource() private readonly ds: DataSource) {
    this.emitter = new Emitter<ServerToClientEvents>(redis);
  }

  async settled(rows: readonly (OrderViewRow & { user_id: string })[]): Promise<void> {
    if (rows.length === 0) return;
    const users = [...new Set(rows.map((r) => r.user_id))];
    const balances: ({ user_id: string } & Record<UserAccountKind, string>)[] = await this.ds.query(WALLETS_SQL, [users]);
    const batch: UserPushBatch = {
      orders: rows.map((r) => [r.user_id, toOrder(r)]),
      wallets: balances.map((b) => [b.user_id, toWallet(Object.fromEntries(USER_ACCOUNT_KINDS.map((k) => [k, toCents(b[k])])) as UserBalances)]),
    };
    this.emitter.serverSideEmit(USER_PUSHES_EVENT, batch);
  }
}
