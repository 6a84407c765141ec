import { z } from 'zod';
import { WITHDRAWAL_NETWORKS, type WithdrawalNetwork } from '@candor/domain';
import { moneyInput } from './common.js';

export interface Wallet {
  available: string;
  frozen: string;
  inOrders: string;
  earn: string;
  total: string;
  demo: string;
}
export interface CapitalRecord {
  id: string;
  entryNo: string;
  type: string;
  amount: string;
  balanceAfter: string;
  createdAt: string;
  ref: string | null;
  account: string;
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
  region: z.string().trim().max(64).optional(),
  currencyAddress: z.string().trim().max(120).optional(),
  network: z.enum(WITHDRAWAL_NETWORKS).optional(),
  tradePassword: z.string().max(64),
});
export type PutWithdrawalAccountBody = z.infer<typeof putWithdrawalAccountBody>;

/** The bound withdrawal account, as its owner sees it (the full number or address; lists and logs show `masked`). */
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
export const adminWithdrawalsQuery = z.strictObject({
  status: z.enum(['in_review', 'successful', 'failed', 'cancelled']).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  lang: z.string().max(10).optional(),
});
export const rejectBody = z.strictObject({ reason: z.string().trim().min(1).max(500) });
export type RejectBody = z.infer<typeof rejectBody>;
