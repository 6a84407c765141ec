import { z } from 'zod';
import { WITHDRAWAL_NETWORKS, type WithdrawalNetwork } from '@candor/domain';
import { bigintId, moneyInput, totpField } from './common.js';
import { LOCALES } from './locales.js';

export interface Wallet {
  available: string;
  frozen: string;
  inOrders: string;
  earn: string;
  total: string;
  demo: string;
}
/**
 * What a capital record is about: one row per thing the user did (or had done for them). The ledger's
 * inner moves (a hold, its release, an order's escrow, a confirmation of Yu'e Bao money) fold into it.
 */
export type RecordAction = 'deposit' | 'withdrawal' | 'order' | 'earn_in' | 'earn_out' | 'earn_income' | 'adjustment' | 'demo_grant' | 'demo_reset';
/** A withdrawal's request status, or an order's: `open`, its outcome, or `void`. */
export type RecordStatus = MoneyRequestStatus | 'open' | 'win' | 'loss' | 'tie' | 'void';

/**
 * A capital record: one row per action. `id`, `entryNo`, `type`, `createdAt` and `ref` are those of the
 * action's first journal entry; `amount` is what that entry moved on the available balance (an order's
 * stake, a withdrawal's amount), `balanceAfter` the available balance just after it.
 */
export interface CapitalRecord {
  id: string;
  entryNo: string;
  type: string;
  amount: string;
  balanceAfter: string;
  createdAt: string;
  ref: string | null;
  account: string;
  action: RecordAction;
  /** Withdrawals and orders: where the action stands now; null for the others. */
  status: RecordStatus | null;
  /**
   * Money that came back to the available balance later as part of the same action: a settled order's
   * payout (0.00 for a loss), a refused or cancelled withdrawal's amount; null when none is due.
   */
  returned: string | null;
}

/** One posting of an action's journal entries, as the record's particulars show it. */
export interface RecordPosting {
  account: string;
  owner: 'platform' | 'you';
  amount: string;
  entryNo: string;
  type: string;
  createdAt: string;
}
/** `GET /api/wallet/records/:id`: the record and every posting of every journal entry folded into it. */
export interface CapitalRecordDetail extends CapitalRecord {
  postings: RecordPosting[];
}

/**
 * `PUT /api/withdrawal-account`. Which fields are required depends on `type` (bank: bank and cardNumber;
 * crypto: network and currencyAddress); the server names the first missing or invalid one in `field`.
 */
export const putWithdrawalAccountBody = z.strictObject({
  type: z.enum(['bank', 'crypto']),
  accountName: z.string().trim().max(64).optional(),
  nationality: z.string().trim().max(64).optional(),
  bank: z.string().trim().max(64).optional(),
  cardNumber: z.string().trim().max(40).optional(),
  /** The address: for TW "縣市 區 地址", elsewhere "state or province, city, street" as the form composes it. */
  region: z.string().trim().max(64).optional(),
  currencyAddress: z.string().trim().max(120).optional(),
  network: z.enum(WITHDRAWAL_NETWORKS).optional(),
  tradePassword: z.string().max(64),
  /** With two-factor sign-in on: a current code or an unused recovery code (without it `401 TOTP_REQUIRED`). */
  totp: totpField.optional(),
});
export type PutWithdrawalAccountBody = z.infer<typeof putWithdrawalAccountBody>;

/**
 * The bound withdrawal account, as its owner sees it: the card number masked (`**** 1111`, never the full
 * number), the currency address in full; lists and logs show `masked`.
 */
export interface WithdrawalAccount {
  type: 'bank' | 'crypto';
  accountName: string;
  nationality: string;
  bank: string | null;
  cardNumber: string | null;
  region: string | null;
  currencyAddress: string | null;
  network: WithdrawalNetwork | null;
  masked: string;
  /** While set and in the future, withdrawals are refused with WITHDRAWAL_HOLD_ACTIVE. */
  holdUntil: string | null;
  updatedAt: string;
  /** A caution about the number or address that did not stop it: LUHN_FAILED or NO_CHECKSUM. */
  warning?: 'LUHN_FAILED' | 'NO_CHECKSUM';
}

export const requestWithdrawalBody = z.strictObject({
  amount: moneyInput,
  tradePassword: z.string().max(64),
  /** With two-factor sign-in on: a current code or an unused recovery code (without it `401 TOTP_REQUIRED`). */
  totp: totpField.optional(),
});
export type RequestWithdrawalBody = z.infer<typeof requestWithdrawalBody>;

export type MoneyRequestStatus = 'in_review' | 'successful' | 'failed' | 'cancelled';
export interface TimelineStep {
  status: MoneyRequestStatus | 'approved_once';
  at: string;
  reason?: string;
}

/** A withdrawal as its owner sees it (the account masked). */
export interface Withdrawal {
  id: string;
  orderNo: string;
  amount: string;
  status: MoneyRequestStatus;
  reason: string | null;
  method: { type: 'bank' | 'crypto'; masked: string; network: string | null; bank: string | null };
  approvals: number;
  approvalsRequired: number;
  createdAt: string;
  decidedAt: string | null;
  timeline: TimelineStep[];
}

/** A withdrawal in the review queue: the full account, and the user's balances beside it. */
export interface AdminWithdrawal extends Omit<Withdrawal, 'method'> {
  userId: string;
  userEmail: string;
  account: Record<string, string | null>;
  firstApproverId: string | null;
  balances: { available: string; held: string };
}

export const withdrawalsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().max(200).optional(),
  lang: z.string().max(10).optional(),
});
/** A review list, a page at a time: `cursor` is the `nextCursor` of the page before. */
export const adminWithdrawalsQuery = z.strictObject({
  status: z.enum(['in_review', 'successful', 'failed', 'cancelled']).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().max(200).optional(),
  lang: z.string().max(10).optional(),
});
export const rejectBody = z.strictObject({ reason: z.string().trim().min(1).max(500) });
export type RejectBody = z.infer<typeof rejectBody>;

const localizedText = z.partialRecord(z.enum(LOCALES), z.string().trim().max(500));
/** An operator's deposit method. Names per language (zh-TW required, the fallback); details as shown to users. */
export const depositMethodBody = z.strictObject({
  type: z.enum(['bank', 'crypto']),
  names: localizedText.refine((n) => Boolean(n['zh-TW']), { message: 'zh-TW is required', path: ['zh-TW'] }),
  details: z
    .record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9]{0,31}$/), z.string().trim().min(1).max(200))
    .refine((d) => Object.keys(d).length > 0 && Object.keys(d).length <= 12),
  instructions: localizedText.optional(),
  minAmount: moneyInput,
  maxAmount: moneyInput,
  enabled: z.boolean().optional(),
  sort: z.number().int().min(0).max(10_000).optional(),
});
export type DepositMethodBody = z.infer<typeof depositMethodBody>;
export const patchDepositMethodBody = depositMethodBody.partial();
export type PatchDepositMethodBody = z.infer<typeof patchDepositMethodBody>;

/** A deposit method as users see it, in their language. */
export interface DepositMethod {
  id: string;
  type: 'bank' | 'crypto';
  name: string;
  details: Record<string, string>;
  instructions: string;
  minAmount: string;
  maxAmount: string;
}
export interface AdminDepositMethod extends Omit<DepositMethod, 'name' | 'instructions'> {
  names: Record<string, string>;
  instructions: Record<string, string>;
  enabled: boolean;
  sort: number;
}

/** The longest deposit reference: room for a 66-character transaction hash (0x and 64 hex) and longer ones. */
export const DEPOSIT_REFERENCE_MAX = 128;

export const createDepositBody = z.strictObject({
  methodId: z.string().max(64),
  amount: moneyInput,
  reference: z.string().trim().max(DEPOSIT_REFERENCE_MAX).optional(),
});
export type CreateDepositBody = z.infer<typeof createDepositBody>;

export interface Deposit {
  id: string;
  orderNo: string;
  amount: string;
  status: 'in_review' | 'successful' | 'failed';
  reason: string | null;
  reference: string | null;
  method: { id: string; type: 'bank' | 'crypto'; name: string };
  createdAt: string;
  decidedAt: string | null;
  timeline: TimelineStep[];
  /** Four eyes: 2 when a second operator must approve too (the amount, or what one operator approved for this user lately). */
  approvals: number;
  approvalsRequired: number;
  /** A payment slip is attached (`GET /api/deposits/:id/slip`; reviewers `GET /api/admin/deposits/:id/slip`). */
  slip: boolean;
}
export interface AdminDeposit extends Deposit {
  userId: string;
  userEmail: string;
  firstApproverId: string | null;
  balances: { available: string; held: string };
}
export const adminDepositsQuery = z.strictObject({
  status: z.enum(['in_review', 'successful', 'failed']).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().max(200).optional(),
  lang: z.string().max(10).optional(),
});

/** A system message in the reader's language. */
export interface SystemMessage {
  id: string;
  title: string;
  body: string;
  createdAt: string;
  read: boolean;
}
/** A broadcast as the console lists it (`GET /api/admin/messages/broadcasts`): title in zh-TW, and when it was withdrawn. */
export interface AdminBroadcast {
  id: string;
  title: string;
  createdAt: string;
  withdrawnAt: string | null;
}
export const messagesQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: bigintId.optional(),
  lang: z.string().max(10).optional(),
});
/** An operator's message: to one user, or to everyone without `userId`; texts per language, zh-TW required. */
export const sendMessageBody = z.strictObject({
  userId: z.uuid().optional(),
  title: localizedText.refine((n) => Boolean(n['zh-TW']), { message: 'zh-TW is required', path: ['zh-TW'] }),
  body: z.partialRecord(z.enum(LOCALES), z.string().trim().max(4000)).refine((n) => Boolean(n['zh-TW']), { message: 'zh-TW is required', path: ['zh-TW'] }),
});
export type SendMessageBody = z.infer<typeof sendMessageBody>;
