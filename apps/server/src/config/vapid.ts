import { createECDH, hkdfSync } from 'node:crypto';
import type { z } from 'zod';

/** The VAPID identity Web Push requests are signed with (base64url keys, as the `web-push` library takes them). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

type VapidConfig = {
  NODE_ENV?: string;
  JWT_SECRET: string;
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  PUBLIC_URL?: string;
  MAIL_FROM?: string;
};

/** Both halves of the pair or neither: one alone is a mistake. Runs as the config schema's superRefine. */
export function requireVapidPair(config: Partial<VapidConfig>, ctx: z.RefinementCtx): void {
  if (Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY)) {
    ctx.addIssue({ code: 'custom', path: ['VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY'], message: 'give both keys of the pair, or neither' });
  }
}

/** The public key (uncompressed P-256 point) of a private key, both base64url. */
export function vapidPublicKeyOf(privateKey: Buffer): string {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  return ecdh.getPublicKey().toString('base64url');
}

/** `mailto:` the address in MAIL_FROM (`Name <a@b>` or `a@b`). */
function defaultSubject(config: VapidConfig): string {
  if (config.PUBLIC_URL?.startsWith('https://')) return config.PUBLIC_URL;
  const from = config.MAIL_FROM ?? '';
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return `mailto:${address.trim() || 'no-reply@localhost'}`;
}

/**
 * The configured pair; else, outside production only, one derived from JWT_SECRET (a stable pair, so
 * subscriptions survive restarts of tests and `nx serve`); in production without keys, null: push is off.
 */
export function vapidKeys(config: VapidConfig): VapidKeys | null {
  const subject = config.VAPID_SUBJECT ?? defaultSubject(config);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  if (config.NODE_ENV === 'production') return null;
  const d = Buffer.from(hkdfSync('sha256', config.JWT_SECRET, 'candor-keys', 'fallback-vapid', 32));
  return { publicKey: vapidPublicKeyOf(d), privateKey: d.toString('base64url'), subject };
}
