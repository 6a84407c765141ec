import { translate } from '@candor/i18n';
import type { Locale, PushKind, PushPayload } from '@candor/contracts';
import type { AppEvents } from '../events/app-events.js';

/** The events that may become a push notification, each with the kind a user turns on or off. */
export const PUSH_EVENT_KINDS = {
  'order.settled': 'order',
  'deposit.decided': 'funds',
  'withdrawal.decided': 'funds',
  'kyc.decided': 'verification',
  'support.replied': 'support',
} as const satisfies Record<string, PushKind>;
export type PushEventName = keyof typeof PUSH_EVENT_KINDS;

/** Where a tap opens the app (hash routes of apps/web/src/lib/paths.ts). */
export const PUSH_URLS = {
  receipt: '/#/pages/order/receipt',
  deposits: '/#/pages/withdraw-list/withdraw-open',
  withdrawals: '/#/pages/withdraw-list/withdraw-list',
  verify: '/#/pages/verify/verify',
  /** The support chat, where the reply is. */
  support: '/#/support',
} as const;

/** Longest body: a lock screen shows a line or two, and the push services cap the encrypted payload at 4 KB. */
export const PUSH_BODY_MAX = 140;

const clip = (s: string, max: number): string => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);

const WITHDRAWAL_TEXT = { successful: 'withdrawalSuccessful', failed: 'withdrawalFailed', cancelled: 'withdrawalCancelled' } as const;

/** The notification an event becomes, in `locale`: a title, a short body, the page to open and a tag (one per thing). */
export function pushPayload<K extends PushEventName>(name: K, event: AppEvents[K], locale: Locale): PushPayload {
  const t = (key: string, vars?: Record<string, string>) => translate(locale, `push:${key}`, vars);
  const make = (title: string, body: string, url: string, tag: string): PushPayload => ({ title: clip(title, 80), body: clip(body, PUSH_BODY_MAX), url, tag });
  const e = event as AppEvents[PushEventName];
  switch (name) {
    case 'order.settled': {
      const o = e as AppEvents['order.settled'];
      const body =
        o.outcome === 'win'
          ? t('orderWin', { pnl: `+${o.pnl}` })
          : o.outcome === 'loss'
            ? t('orderLoss', { pnl: o.pnl })
            : o.outcome === 'tie'
              ? t('orderTie')
              : t('orderVoid');
      return make(t('orderTitle', { symbol: o.symbol }), body, `${PUSH_URLS.receipt}?id=${encodeURIComponent(o.orderId)}`, `order-${o.orderId}`);
    }
    case 'deposit.decided': {
      const d = e as AppEvents['deposit.decided'];
      return make(t('depositTitle'), t(d.approved ? 'depositApproved' : 'depositRejected'), PUSH_URLS.deposits, `deposit-${d.depositId}`);
    }
    case 'withdrawal.decided': {
      const w = e as AppEvents['withdrawal.decided'];
      return make(t('withdrawalTitle'), t(WITHDRAWAL_TEXT[w.status]), PUSH_URLS.withdrawals, `withdrawal-${w.withdrawalId}`);
    }
    case 'kyc.decided': {
      const k = e as AppEvents['kyc.decided'];
      return make(t('kycTitle'), t(k.status === 'verified' ? 'kycVerified' : 'kycRejected'), PUSH_URLS.verify, `kyc-${k.submissionId}`);
    }
    case 'support.replied': {
      const s = e as AppEvents['support.replied'];
      const preview = s.preview.replace(/\s+/g, ' ').trim();
      return make(t('supportTitle'), preview || t('supportImage'), PUSH_URLS.support, 'support');
    }
  }
}

/** Whether a subscription that receives `kinds` gets the notification of event `name`. */
export function wantsEvent(kinds: readonly PushKind[], name: PushEventName): boolean {
  return kinds.includes(PUSH_EVENT_KINDS[name]);
}

/** How long a push service keeps trying to deliver (s): an order's result is stale after an hour, a decision after a day. */
export function pushTtl(kind: PushKind): number {
  return kind === 'order' ? 3600 : 86_400;
}
