import { Injectable } from '@nestjs/common';
import { channel } from '@candor/contracts';
import { LedgerService } from '../ledger/ledger.service.js';
import { toWallet } from '../orders/order-view.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';

/** The user's `wallet` event after money moved outside trading (deposits, withdrawals), read after the commit. */
@Injectable()
export class WalletPushes {
  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly ledger: LedgerService,
  ) {}

  async wallet(userId: string): Promise<void> {
    const server = this.gateway.server;
    if (!server) return;
    server.to(channel.user(userId)).emit('wallet', toWallet(await this.ledger.balances(userId)));
  }
}
