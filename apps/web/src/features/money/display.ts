import type { MoneyRequestStatus, TimelineStep, Withdrawal } from '@candor/contracts';
import { isApiError } from '../../lib/api';

/** Milliseconds left until `until` (ISO), 0 when it has passed or is missing. */
export function msLeft(until: string | null | undefined, now: number): number {
  if (!until) return 0;
  const end = Date.parse(until);
  return Number.isFinite(end) ? Math.max(0, end - now) : 0;
}

/** A countdown as "HH:MM:SS" (hours may exceed 24); whole seconds rounded up so it never shows 00:00:00 early. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

export type StatusTone = 'review' | 'ok' | 'failed' | 'muted';

/** The colour family of a request status. */
export function statusTone(status: MoneyRequestStatus | TimelineStep['status']): StatusTone {
  switch (status) {
    case 'in_review':
    case 'approved_once':
      return 'review';
    case 'successful':
      return 'ok';
    case 'failed':
      return 'failed';
    case 'cancelled':
      return 'muted';
  }
}

/** "1 of 2" approvals is worth showing only while a second approver is still needed. */
export function showsApprovals(w: Pick<Withdrawal, 'status' | 'approvals' | 'approvalsRequired'>): boolean {
  return w.status === 'in_review' && w.approvalsRequired > 1;
}

/** The timeline oldest first, as the server appends it; a missing one becomes the request's creation. */
export function timelineOf(r: { timeline?: TimelineStep[] | null; createdAt: string; status: MoneyRequestStatus }): TimelineStep[] {
  const steps = r.timeline && r.timeline.length > 0 ? [...r.timeline] : [{ status: 'in_review' as const, at: r.createdAt }];
  return steps.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** For a refusal that ends at a known time (a locked trade password, the withdrawal hold): the `money` key saying until when. */
export function refusalEnd(err: unknown): { key: 'withdraw.lockedUntil' | 'withdraw.holdUntil'; until: string } | null {
  if (!isApiError(err) || !err.until) return null;
  if (err.code === 'TRADE_PASSWORD_LOCKED') return { key: 'withdraw.lockedUntil', until: err.until };
  if (err.code === 'WITHDRAWAL_HOLD_ACTIVE') return { key: 'withdraw.holdUntil', until: err.until };
  return null;
}
