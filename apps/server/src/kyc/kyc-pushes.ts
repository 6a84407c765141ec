import { Injectable } from '@nestjs/common';
import { channel } from '@candor/contracts';
import { OnAppEvent } from '../events/event-bus.js';
import type { AppEvents } from '../events/app-events.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { KycService } from './kyc.service.js';

/** The `kyc` socket event: the user's open pages learn a decision without a reload. */
@Injectable()
export class KycPushes {
  constructor(
    private readonly kyc: KycService,
    private readonly gateway: RealtimeGateway,
  ) {}

  @OnAppEvent('kyc.decided')
  async decided(e: AppEvents['kyc.decided']): Promise<void> {
    const server = this.gateway.server;
    if (!server) return;
    server.to(channel.user(e.userId)).emit('kyc', await this.kyc.view(e.userId));
  }
}
