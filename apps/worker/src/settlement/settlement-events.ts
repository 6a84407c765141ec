import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { Emitter } from '@socket.io/redis-emitter';
import { channel, type ServerToClientEvents } from '@candor/contracts';
import { USER_ACCOUNT_KINDS, type UserAccountKind } from '@candor/db';
import { REDIS } from '@candor/api/redis/redis.module';
import { toCents, type UserBalances } from '@candor/api/ledger/ledger.service';
import { toOrder, toWallet, type OrderViewRow } from '@candor/api/orders/order-view';

export const SETTLEMENT_EVENTS = Symbol('SETTLEMENT_EVENTS');

/** What happens after a settlement batch commits (pushes to the users). */
export interface SettlementEvents { settled(rows: readonly (OrderViewRow & { user_id: string })[]): Promise<void> }

/** Pushes per event-loop turn, so a batch of thousands never holds the worker's loop for long. */
const CHUNK = 500;

/**
 * Pushes `order` (the settled order) and `wallet` (the user's wallet after it) to `user:ID`
 * through @socket.io/redis-emitter, with the default key prefix, so the api instances' Redis
 * adapter delivers them to whichever instance holds the user's socket.
 */
@Injectable()
export class RedisSettlementEvents implements SettlementEvents {
  private readonly emitter: Emitter<ServerToClientEvents>;

  constructor(@Inject(REDIS) redis: Redis, @InjectDataSource() private readonly ds: DataSource) {
    this.emitter = new Emitter<ServerToClientEvents>(redis);
  }

  async settled(rows: readonly (OrderViewRow & { user_id: string })[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK) {
      if (i > 0) await new Promise<void>((r) => setImmediate(r));
      for (const r of rows.slice(i, i + CHUNK)) this.emitter.to(channel.user(r.user_id)).emit('order', toOrder(r));
    }
    const users = [...new Set(rows.map((r) => r.user_id))];
    const balances: { user_id: string; kind: UserAccountKind; balance: string }[] = await this.ds.query(
      `SELECT user_id, kind, balance FROM ledger_accounts WHERE user_id = ANY($1::uuid[])`,
      [users],
    );
    const byUser = new Map<string, UserBalances>();
    for (const b of balances) {
      let w = byUser.get(b.user_id);
      if (!w) byUser.set(b.user_id, (w = Object.fromEntries(USER_ACCOUNT_KINDS.map((k) => [k, 0])) as UserBalances));
      w[b.kind] = toCents(b.balance);
    }
    let n = 0;
    for (const [userId, b] of byUser) {
      if (++n % CHUNK === 0) await new Promise<void>((r) => setImmediate(r));
      this.emitter.to(channel.user(userId)).emit('wallet', toWallet(b));
    }
  }
}
