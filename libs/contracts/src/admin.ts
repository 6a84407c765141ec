import { isValidInviteCode, type KycStatus, type TradingInterval } from '@candor/domain';
import type { ScheduledChange } from './market.js';
import { z } from 'zod';
import type { CapitalRecord, Wallet } from './wallet.js';
import type { TransparencyResponse } from './transparency.js';
import { calendarDate } from './common.js';
import { rolesWith, type OperatorRole } from './operators.js';

/** The roles that may open the /ops pages (the queues dashboard): the api refuses the others, the console does not offer it to them. */
export const OPS_ROLES: readonly OperatorRole[] = rolesWith('ops.queues');
/** `POST /api/admin/ops/session`: an httpOnly cookie for the /ops pages (the queues dashboard) was set; open `url` until `expiresAt`. */
export interface OpsSession {
  url: string;
  expiresAt: string;
}
/** The actions the api records in the audit log (AuditService.record); the console offers them as filters. */
export const AUDIT_ACTIONS = [
  'operator.login',
  'operator.login_failed',
  'operator.totp_failed',
  'operator.totp_key_rotated',
  'operator.totp_enrolled',
  'operator.recovery_code_used',
  'operator.create',
  'operator.update',
  'user.disable',
  'user.enable',
  // An operator's read of a user's data: at most one line per operator, user and kind in 10 minutes.
  'user.money_viewed',
  'user.access_viewed',
  'user.sessions_viewed',
  'user.documents_viewed',
  'user.profile_viewed',
  'product.update',
  'product.change_scheduled',
  'product.change_cancelled',
  'product.change_applied',
  'product.change_refused',
  'users.search',
  /** The audit log exported as CSV: an operator action without a user. */
  'audit.exported',
  'ops.session',
  'withdrawal.approve',
  'withdrawal.reject',
  'deposit.approve',
  'deposit.reject',
  'deposit.slip_viewed',
  'kyc.approve',
  'kyc.reject',
  'deposit_method.create',
  'deposit_method.update',
  'deposit_method.delete',
  'invitation_code.create',
  'invitation_code.disable',
  'invitation_code.enable',
  'message.send',
  /** A broadcast taken back: it leaves every inbox. */
  'message.withdraw',
  'earn.settings_update',
  'earn.holiday_add',
  'earn.holiday_remove',
  'earn.holidays_import',
  /** The blocked countries and their message replaced (issue 50), with the list before and after. */
  'countries.update',
  // Content (issue 47): news, banners, highlights, pages, offices and their images.
  'content.news_create',
  'content.news_update',
  'content.news_delete',
  'content.banner_create',
  'content.banner_update',
  'content.banner_delete',
  'content.banner_reorder',
  'content.highlight_create',
  'content.highlight_update',
  'content.highlight_delete',
  'content.highlight_reorder',
  'content.page_update',
  'content.office_create',
  'content.office_update',
  'content.office_delete',
  'content.image_upload',
  // The support chat (issue 49): what agents do in a user's conversation, and the shared canned replies.
  'support.reply',
  'support.note',
  'support.assign',
  'support.read',
  'support.close',
  'support.reopen',
  'support.canned_create',
  'support.canned_update',
  'support.canned_delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** Most rows one audit CSV export holds (newest first); narrow the filters for older ones. */
export const AUDIT_CSV_MAX_ROWS = 10_000;
export interface AuditEntry {
  id: string;
  operatorId: string | null;
  operatorEmail: string | null;
  operatorRole: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  userId: string | null;
  details: unknown;
  ip: string | null;
  createdAt: string;
}
export interface LedgerCheck {
  ok: boolean;
  accounts: number;
  imbalance: string;
  mismatched: { accountId: string; balance: string; postings: string }[];
  /** The worker's last scheduled check (every minute), when there is one. */
  lastScheduled?: { ok: boolean; imbalance: string; checkedAt: string } | null;
}

/** One review queue on the dashboard: how many wait, and since when the oldest does (null when none). */
export interface DashboardQueue {
  count: number;
  oldestAt: string | null;
  /** Seconds the oldest has waited at `generatedAt`; null when none waits. */
  oldestAgeSeconds: number | null;
}
/** Open orders of one account kind: how many, and their stakes summed (money string). */
export interface DashboardOpenOrders {
  count: number;
  stake: string;
}
/** The house's result on one local day: users' losses minus their winnings on real orders (money string, negative when users won). */
export interface DashboardHouseDay {
  date: string;
  result: string;
}
/** `GET /api/admin/dashboard` (`dashboard.read`): the platform's figures, "today" in `timezone`. */
export interface AdminDashboard {
  generatedAt: string;
  timezone: string;
  /** The local date "today" is. */
  today: string;
  users: { newToday: number };
  queues: { deposits: DashboardQueue; withdrawals: DashboardQueue; kyc: DashboardQueue };
  /** Open orders; demo money is counted apart and never in `real`. */
  openOrders: { real: DashboardOpenOrders; demo: DashboardOpenOrders };
  house: {
    today: string;
    last30Days: string;
    /** The last 30 local days, oldest first, today last, zeros included. */
    byDay: DashboardHouseDay[];
  };
  earn: { balance: string; confirmed: string; pending: string; incomeToday: string; incomeTotal: string };
  /** BullMQ queues of the worker: jobs waiting and failed; null when Redis did not answer in time. */
  jobs: { name: string; waiting: number; failed: number }[] | null;
  /** The worker's last scheduled ledger check, or null before the first. */
  ledger: { checkedAt: string; ok: boolean; accounts: number; imbalance: string } | null;
  /** The public transparency figures exactly as `GET /api/transparency` answers them (the worker's cached result). */
  transparency: TransparencyResponse;
}

const tradingInterval = z.strictObject({
  day: z.number().int().min(0).max(6),
  open: z.string().regex(/^\d{2}:\d{2}$/),
  close: z.string().regex(/^\d{2}:\d{2}$/),
}) satisfies z.ZodType<TradingInterval>;
/** `POST /api/admin/users/:id/disable`: why (kept with the account and in the audit log the user reads). */
export const disableUserBody = z.strictObject({ reason: z.string().trim().min(1).max(500) });
export type DisableUserBody = z.infer<typeof disableUserBody>;
/** A user's access as the console shows it. */
export interface UserAccess {
  id: string;
  disabled: boolean;
  disabledAt: string | null;
  disabledReason: string | null;
}

export const adminProductBody = z.strictObject({
  names: z.record(z.string(), z.string().min(1).max(60)).optional(),
  precision: z.number().int().min(0).max(8).optional(),
  timezone: z.string().max(60).optional(),
  hours: z.array(tradingInterval).max(50).nullable().optional(),
  holidays: z.array(calendarDate).max(400).optional(),
  maintenance: z.boolean().optional(),
  maintenanceMessage: z.string().max(500).nullable().optional(),
  expiries: z
    .array(z.strictObject({ seconds: z.number().int().min(10).max(86400), payoutRate: z.string().regex(/^0?\.\d{1,4}$|^[01](\.\d{1,4})?$/) }))
    .min(1)
    .max(10)
    .optional(),
  minStake: z.union([z.string().max(20), z.number()]).optional(),
  maxStake: z.union([z.string().max(20), z.number()]).optional(),
  recommended: z.boolean().optional(),
  enabled: z.boolean().optional(),
  /** Stops new orders at once (the feed and open orders go on); the same switch as `maintenance`, which it overrides when both are given. */
  suspended: z.boolean().optional(),
  /** When the scheduled fields of this patch take effect (ISO 8601, a whole second); default: the earliest allowed. */
  effectiveAt: z.string().max(40).optional(),
  /** Its markets on the public exchanges (one per exchange, one quote currency); empty: simulated prices, demo only. */
  priceVenues: z
    .array(z.strictObject({ venue: z.enum(['binance', 'okx', 'coinbase', 'kraken']), symbol: z.string().trim().min(2).max(30) }))
    .max(4)
    .optional(),
});
export type AdminProductBody = z.infer<typeof adminProductBody>;

export type { TradingInterval } from '@candor/domain';
/** An operator's view of a product's catalogue settings. There is deliberately no price, outcome or payout override. */
export interface AdminProduct {
  symbol: string;
  category: 'crypto' | 'forex' | 'metal' | 'index';
  names: Record<string, string>;
  precision: number;
  timezone: string;
  /** Open intervals per weekday (0 = Sunday) in `timezone`; null = open 24/7. close < open means overnight. */
  hours: TradingInterval[] | null;
  holidays: string[];
  maintenance: boolean;
  maintenanceMessage: string | null;
  expiries: { seconds: number; payoutRate: string }[];
  minStake: string;
  maxStake: string;
  recommended: boolean;
  enabled: boolean;
  /** Its markets on the public exchanges (Binance BTCUSDT, OKX BTC-USDT, Coinbase BTC-USDT, Kraken BTC/USDT); empty: simulated, demo only. */
  priceVenues: { venue: string; symbol: string }[];
  updatedAt: string;
  /** Changes to precision, markets, hours, time zone or holidays waiting for their `effectiveAt`, earliest first. */
  scheduledChanges: ScheduledChange[];
  /** The earliest `effectiveAt` a change scheduled now may have (the notice period, and past every open order's expiry). */
  earliestEffectiveAt: string;
}
/** `PATCH /api/admin/products/:symbol` when it changed a scheduled field: 202 with what was scheduled (and the immediate fields applied). */
export interface ScheduledChangeResponse {
  /** The first change scheduled by this request (the API's contract); `scheduledChanges` lists them all. */
  scheduledChange: ScheduledChange;
  scheduledChanges: ScheduledChange[];
  product: AdminProduct;
}

/** One operator action on the user's own account, as the user sees it. */
export interface AccountActivity {
  at: string;
  action: string;
  role: string;
  reason: string | null;
  /** `product.change_applied`: a catalogue change on a product the user had an order open on within 12 h of it. */
  symbol?: string;
  change?: { field: string; from: unknown; to: unknown; effectiveAt: string };
}

export type { KycStatus } from '@candor/domain';
/** `GET /api/admin/users/:id/money`: what a reviewer weighs beside the user's deposit or withdrawal. */
export interface AdminUserMoney {
  userId: string;
  balances: Wallet;
  /** The newest real-account capital records, newest first (at most 10). */
  recentRecords: CapitalRecord[];
  kycStatus: KycStatus;
}

/** A user's order as the console's user detail lists it (amounts in the wire's decimal strings). */
export interface AdminUserOrder {
  id: string;
  orderNo: string;
  account: 'real' | 'demo';
  symbol: string;
  direction: 'up' | 'down';
  amount: string;
  status: 'open' | 'settled';
  outcome: 'win' | 'loss' | 'tie' | null;
  pnl: string | null;
  createdAt: string;
}
/** A user's deposit or withdrawal as the console's user detail lists it. */
export interface AdminUserRequest {
  id: string;
  orderNo: string;
  amount: string;
  status: string;
  createdAt: string;
}
/** One of a user's signed-in sessions, as an operator sees it. */
export interface AdminUserSession {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  userAgent: string | null;
  ip: string | null;
}
/**
 * `GET /api/admin/users/:id` (`users.read`): one user's profile, verification, access and sessions; with
 * `users.money` also their newest orders, deposits and withdrawals (`activity`, else null). Phone masked.
 * Balances and capital records are `GET /api/admin/users/:id/money`. Every read is audited (the user sees it).
 */
export interface AdminUserDetail {
  id: string;
  email: string;
  emailConfirmed: boolean;
  phone: string;
  nickname: string;
  inviteCode: string;
  invitedByUserId: string | null;
  createdAt: string;
  kycStatus: KycStatus;
  /** The newest verification submission, if any. */
  kyc: { id: string; attempt: number; status: string; submittedAt: string; decidedAt: string | null; final: boolean } | null;
  disabled: boolean;
  disabledAt: string | null;
  disabledReason: string | null;
  sessions: AdminUserSession[];
  activity: { orders: AdminUserOrder[]; deposits: AdminUserRequest[]; withdrawals: AdminUserRequest[] } | null;
}

/** `GET /api/admin/pending`: requests waiting for review, per queue; null for a queue the operator's role does not see. */
export interface AdminPendingCounts {
  deposits: number | null;
  withdrawals: number | null;
  kyc: number | null;
}

/** An invitation code the platform gave out (not a user's own), as the console lists it. */
export interface AdminInvitationCode {
  code: string;
  active: boolean;
  /** How many registered with it. */
  uses: number;
  createdAt: string;
  createdByOperatorId: string | null;
}

/** `POST /api/admin/invitation-codes`: a code of 4 to 16 letters and digits, or none for a random one of 8. */
export const createInvitationCodeBody = z.strictObject({
  code: z.string().trim().max(16).refine(isValidInviteCode, 'code').optional(),
});
export type CreateInvitationCodeBody = z.infer<typeof createInvitationCodeBody>;

/** `PATCH /api/admin/invitation-codes/:code`: disable or enable (a disabled code registers no one). */
export const updateInvitationCodeBody = z.strictObject({ active: z.boolean() });
export type UpdateInvitationCodeBody = z.infer<typeof updateInvitationCodeBody>;
