import { Injectable } from '@nestjs/common';
import { channel } from '@candor/contracts';
import { OnAppEvent } from '../events/event-bus.js';
import type { AppEvents } from '../events/app-events.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { toWallet } from './wallet-view.js';

/** The user's `wallet` event after money moved outside trading (deposits, withdrawals, Yu'e Bao), read after the commit. */
@Injectable()
export class WalletPushes {
  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly ledger: LedgerService,
  ) {}

  @OnAppEvent('account.changed')
  async accountChanged(e: AppEvents['account.changed']): Promise<void> {
    const server = this.gateway.server;
    if (!server) return;
    server.to(channel.user(e.userId)).emit('wallet', toWallet(await this.ledger.balances(e.userId)));
  }
}
