import type { KycRejectReason, WithdrawalStatus } from '@candor/domain';

/**
 * Every event one feature publishes for others, by name, with its payload. An event is published after the
 * transaction that made it true has committed; handlers declare themselves with `@OnAppEvent(name)`, so a
 * search for the name finds the publisher and every handler.
 */
export interface AppEvents {
  /** A user signed in from a device (user agent family and address) not seen on the account before. */
  'user.newDevice': { userId: string; device: string; ip: string; at: string };
  /** A user raised or removed responsible-trading limits: each waits a cooling-off; `messageIds` are the inbox messages saying so. */
  'limits.coolingOff': { userId: string; messageIds: string[] };
  /** Money moved on the user's own accounts outside trading (deposit, withdrawal, Yu'e Bao transfer). */
  'account.changed': { userId: string };
  /** A session was revoked (sign-out, password change, refresh reuse, an operator's action); its sockets end. */
  'session.revoked': { sessionId: string };
  /** A reviewer approved (credited) or rejected a deposit; `messageId` is the inbox message stored with the decision. */
  'deposit.decided': { userId: string; depositId: string; approved: boolean; messageId: string };
  /** A withdrawal reached its final status (paid, returned or cancelled); `messageId` is null when the user was sent none. */
  'withdrawal.decided': { userId: string; withdrawalId: string; status: Exclude<WithdrawalStatus, 'in_review'>; messageId: string | null };
  /** The user bound a withdrawal account or changed its details; `messageId` is the inbox message stored with it. */
  'withdrawalAccount.changed': { userId: string; kind: 'bound' | 'changed'; messageId: string };
  /** A user registered (a confirmation link is mailed to `email`); `locale`: the language they registered in, when known. */
  'user.registered': { userId: string; email: string; locale?: string };
  /** A user asked for a withdrawal of `amount` (cents), now held and in review. */
  'withdrawal.requested': { userId: string; withdrawalId: string; amount: number };
  /** The user's login password changed (by the user, or through a reset link); the owner is told by mail, in `locale` when given. */
  'user.passwordChanged': { userId: string; locale?: string };
  /** The user turned two-factor sign-in on or off; `messageId` is the inbox message stored with the change. */
  'user.totpChanged': { userId: string; enabled: boolean; messageId: string };
  /** A user signed in; `locale`: the language of the request, which later mails use. */
  'user.signedIn': { userId: string; locale: string };
  /** An agent answered a user's support chat; `preview`: the start of the text (or empty for an image). */
  'support.replied': { userId: string; messageId: string; preview: string };
  /**
   * A real or demo order settled or was voided (the worker publishes it after the settlement commits);
   * `outcome` null when voided, `pnl` as money text ("8.50", "-10.00").
   */
  'order.settled': { userId: string; orderId: string; symbol: string; outcome: 'win' | 'loss' | 'tie' | null; pnl: string };
  /** A reviewer decided a verification; `messageId` is the inbox message stored with the decision. */
  'kyc.decided': { userId: string; submissionId: string; status: 'verified' | 'rejected'; final: boolean; reason: KycRejectReason | null; messageId: string };
}

export type AppEventName = keyof AppEvents;
