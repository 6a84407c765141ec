import { Inject, Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { DEFAULT_LOCALE, LOCALES, type PushKind } from '@candor/contracts';
import type { PushJobPayload } from '@candor/cross-process';
import { OnAppEvent } from '../events/event-bus.js';
import type { AppEvents } from '../events/app-events.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { vapidKeys } from '../config/vapid.js';
import { PushRepository, type PushRecipientRow } from './push.repository.js';
import { PushQueue } from './push-queue.js';
import { PUSH_EVENT_KINDS, pushPayload, type PushEventName } from './push-payloads.js';

/**
 * The push notifications other features' events cause, rendered in each user's language (the one mails use:
 * the language of their last sign-in) and queued for the worker. Only subscriptions that receive the event's
 * kind get one; a user with none costs one indexed read, and the events of one settlement batch share that
 * read (DataLoader: one query for the users of the batch).
 */
@Injectable()
export class PushNotifications {
  private readonly enabled: boolean;
  private readonly loaders = new Map<PushKind, DataLoader<string, PushRecipientRow[]>>();

  constructor(
    private readonly repo: PushRepository,
    private readonly queue: PushQueue,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.enabled = vapidKeys(config) !== null;
  }

  private recipients(kind: PushKind, userId: string): Promise<PushRecipientRow[]> {
    let loader = this.loaders.get(kind);
    if (!loader) {
      loader = new DataLoader<string, PushRecipientRow[]>(
        async (users) => {
          const rows = await this.repo.recipients(users, kind);
          return users.map((u) => rows.filter((r) => r.user_id === u));
        },
        { cache: false, maxBatchSize: 1000 },
      );
      this.loaders.set(kind, loader);
    }
    return loader.load(userId);
  }

  /** Queues the event's notification to each of the user's subscriptions that receive its kind; answers how many. */
  async notify<K extends PushEventName>(name: K, event: AppEvents[K] & { userId: string }): Promise<number> {
    if (!this.enabled) return 0;
    const kind = PUSH_EVENT_KINDS[name];
    const subs = await this.recipients(kind, event.userId);
    const jobs: PushJobPayload[] = subs.map((s) => ({
      subscriptionId: s.id,
      kind,
      payload: pushPayload(name, event, LOCALES.find((l) => l === s.locale) ?? DEFAULT_LOCALE),
    }));
    return this.queue.add(jobs);
  }

  @OnAppEvent('order.settled')
  async orderSettled(e: AppEvents['order.settled']): Promise<void> {
    await this.notify('order.settled', e);
  }

  @OnAppEvent('deposit.decided')
  async depositDecided(e: AppEvents['deposit.decided']): Promise<void> {
    await this.notify('deposit.decided', e);
  }

  @OnAppEvent('withdrawal.decided')
  async withdrawalDecided(e: AppEvents['withdrawal.decided']): Promise<void> {
    await this.notify('withdrawal.decided', e);
  }

  @OnAppEvent('kyc.decided')
  async kycDecided(e: AppEvents['kyc.decided']): Promise<void> {
    await this.notify('kyc.decided', e);
  }

  @OnAppEvent('support.replied')
  async supportReplied(e: AppEvents['support.replied']): Promise<void> {
    await this.notify('support.replied', e);
  }
}
