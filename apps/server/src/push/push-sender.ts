import type { Agent } from 'node:https';
import { Inject, Injectable, Optional } from '@nestjs/common';
import webpush from 'web-push';
import type { PushKind, PushPayload } from '@candor/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { vapidKeys, type VapidKeys } from '../config/vapid.js';
import { pushTtl } from './push-payloads.js';

/** An https.Agent for the requests to the push services: only tests give one (trusting their local stand-in). */
export const PUSH_AGENT = Symbol('PUSH_AGENT');

/** Longest one request to a push service may take before the attempt fails (and is retried). */
export const PUSH_TIMEOUT_MS = 10_000;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What the push service said: `sent`; `gone` (404/410: the browser dropped the subscription, remove it);
 * `refused` (another 4xx: resending the same request would not help). A 429, a 5xx or no answer throws, and the
 * job is retried.
 */
export type PushOutcome = { result: 'sent' } | { result: 'gone' | 'refused'; status: number };

export class PushServiceError extends Error {}

/** Encrypts a payload to a subscription's keys (aes128gcm, RFC 8291) and posts it, signed with VAPID (RFC 8292), through `web-push`. */
@Injectable()
export class PushSender {
  private readonly vapid: VapidKeys | null;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() @Inject(PUSH_AGENT) private readonly agent?: Agent | null,
  ) {
    this.vapid = vapidKeys(config);
  }

  async send(target: PushTarget, kind: PushKind, payload: PushPayload): Promise<PushOutcome> {
    if (!this.vapid) return { result: 'refused', status: 0 };
    try {
      await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
        vapidDetails: this.vapid,
        TTL: pushTtl(kind),
        urgency: kind === 'order' ? 'normal' : 'high',
        timeout: PUSH_TIMEOUT_MS,
        ...(this.agent ? { agent: this.agent } : {}),
      });
      return { result: 'sent' };
    } catch (e) {
      if (e instanceof webpush.WebPushError) {
        if (e.statusCode === 404 || e.statusCode === 410) return { result: 'gone', status: e.statusCode };
        if (e.statusCode >= 400 && e.statusCode < 500 && e.statusCode !== 429) return { result: 'refused', status: e.statusCode };
        throw new PushServiceError(`push service answered ${e.statusCode}`);
      }
      throw new PushServiceError(`push service not reached: ${(e as Error).message}`);
    }
  }
}
