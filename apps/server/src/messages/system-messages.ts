import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OnAppEvent } from '../events/event-bus.js';
import type { AppEvents } from '../events/app-events.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { MessagesRepository, type SystemMessageKey } from './messages.repository.js';
import { pushMessage } from './message-view.js';

/**
 * The messages the server writes to a user about their money and account. A message about a decision is
 * stored in the decision's own transaction (`write`), so the two commit or roll back together; the event the
 * decider publishes after the commit pushes it to the user's sockets.
 */
@Injectable()
export class SystemMessages {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly gateway: RealtimeGateway,
  ) {}

  /** Stores the message in `em`'s transaction; answers its id, for the event that pushes it after the commit. */
  async write(em: EntityManager, userId: string, key: SystemMessageKey, vars: Record<string, string>): Promise<string> {
    return (await this.messages.insertSystem(userId, key, vars, em)).id;
  }

  /** A sign-in has no transaction of its own to share: the message is stored and pushed here. */
  @OnAppEvent('user.newDevice')
  async newDevice(e: AppEvents['user.newDevice']): Promise<void> {
    const row = await this.messages.insertSystem(e.userId, 'newLogin', { device: e.device, ip: e.ip, at: e.at });
    pushMessage(this.gateway, e.userId, row);
  }

  @OnAppEvent('deposit.decided')
  depositDecided(e: AppEvents['deposit.decided']): Promise<void> {
    return this.push(e.userId, e.messageId);
  }

  @OnAppEvent('withdrawal.decided')
  withdrawalDecided(e: AppEvents['withdrawal.decided']): Promise<void> {
    return this.push(e.userId, e.messageId);
  }

  @OnAppEvent('kyc.decided')
  kycDecided(e: AppEvents['kyc.decided']): Promise<void> {
    return this.push(e.userId, e.messageId);
  }

  @OnAppEvent('user.totpChanged')
  totpChanged(e: AppEvents['user.totpChanged']): Promise<void> {
    return this.push(e.userId, e.messageId);
  }

  @OnAppEvent('withdrawalAccount.changed')
  withdrawalAccountChanged(e: AppEvents['withdrawalAccount.changed']): Promise<void> {
    return this.push(e.userId, e.messageId);
  }

  @OnAppEvent('limits.coolingOff')
  async limitsCoolingOff(e: AppEvents['limits.coolingOff']): Promise<void> {
    for (const id of e.messageIds) await this.push(e.userId, id);
  }

  /** Pushes a message stored with `write` once its transaction committed. */
  pushStored(userId: string, messageId: string): Promise<void> {
    return this.push(userId, messageId);
  }

  private async push(userId: string, messageId: string | null): Promise<void> {
    if (!messageId || !this.gateway.server) return;
    const row = await this.messages.findNew(messageId);
    if (row) pushMessage(this.gateway, userId, row);
  }
}
