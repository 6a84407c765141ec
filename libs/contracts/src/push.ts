import { z } from 'zod';

/**
 * What a Web Push notification may be about; each can be turned off per subscription. `order`: an order settled
 * (or was voided); `funds`: a deposit or withdrawal was decided; `verification`: a verification was decided;
 * `support`: an agent answered in the support chat.
 */
export const PUSH_KINDS = ['order', 'funds', 'verification', 'support'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** Most subscriptions (browsers, devices) one user keeps; registering another drops the least recently registered. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

// The browser's keys: p256dh a P-256 point (65 bytes, 87 base64url characters), auth 16 bytes (22 characters).
const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/);

const kinds = z
  .array(z.enum(PUSH_KINDS))
  .max(PUSH_KINDS.length)
  .refine((k) => new Set(k).size === k.length, 'each kind at most once');

/**
 * `POST /api/me/push-subscriptions`: a subscription as `PushSubscription.toJSON()` gives it (`expirationTime` is
 * accepted and not used) and, optionally, the kinds it receives (absent: every kind on a new subscription, the
 * ones it had on a known endpoint).
 */
export const pushSubscriptionBody = z.strictObject({
  endpoint: z
    .string()
    .max(1000)
    .regex(/^https:\/\/[^\s]+$/, 'must be an https:// URL'),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: base64url(80, 100), auth: base64url(16, 32) }),
  kinds: kinds.optional(),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** `PATCH /api/me/push-subscriptions/:id`: the kinds the subscription receives (empty: none, it stays registered). */
export const pushKindsBody = z.strictObject({ kinds });
export type PushKindsBody = z.infer<typeof pushKindsBody>;

/** One of the user's push subscriptions. The endpoint itself is never shown again: it is a capability. */
export interface PushSubscriptionView {
  id: string;
  /** The push service's host (e.g. `fcm.googleapis.com`): which browser family it is. */
  service: string;
  kinds: PushKind[];
  createdAt: string;
  /** When the browser last registered it (each visit to the settings registers it again). */
  updatedAt: string;
}

/** What a notification carries to the service worker: kept small (the push services limit it to 4 KB). */
export interface PushPayload {
  title: string;
  body: string;
  /** Where a tap opens the app: a hash route (`/#/pages/...`). */
  url: string;
  /** Notifications of the same tag replace each other (one per order, deposit...). */
  tag: string;
}
