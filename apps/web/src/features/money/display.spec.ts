import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../../lib/api';
import { formatCountdown, msLeft, refusalEnd, showsApprovals, statusTone, timelineOf } from './display';

describe('money display helpers', () => {
  it('counts the time left until an ISO instant', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(msLeft('2026-01-01T00:00:05Z', now)).toBe(5000);
    expect(msLeft('2025-12-31T23:59:59Z', now)).toBe(0);
    expect(msLeft(null, now)).toBe(0);
    expect(msLeft('not a date', now)).toBe(0);
  });

  it.each([
    [0, '00:00:00'],
    [1, '00:00:01'],
    [999, '00:00:01'],
    [61_000, '00:01:01'],
    [24 * 3600_000, '24:00:00'],
    [24 * 3600_000 - 1000, '23:59:59'],
  ])('shows %i ms as %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });

  it('gives each status its colour family', () => {
    expect(['in_review', 'approved_once', 'successful', 'failed', 'cancelled'].map((s) => statusTone(s as 'failed'))).toEqual([
      'review',
      'review',
      'ok',
      'failed',
      'muted',
    ]);
  });

  it('shows approvals only for a two-person withdrawal still in review', () => {
    expect(showsApprovals({ status: 'in_review', approvals: 1, approvalsRequired: 2 })).toBe(true);
    expect(showsApprovals({ status: 'in_review', approvals: 0, approvalsRequired: 1 })).toBe(false);
    expect(showsApprovals({ status: 'successful', approvals: 2, approvalsRequired: 2 })).toBe(false);
  });

  it('orders the timeline oldest first and never leaves it empty', () => {
    const steps = timelineOf({
      createdAt: '2026-01-01T00:00:00Z',
      status: 'failed',
      timeline: [
        { status: 'failed', at: '2026-01-02T00:00:00Z', reason: 'no money arrived' },
        { status: 'in_review', at: '2026-01-01T00:00:00Z' },
      ],
    });
    expect(steps.map((s) => s.status)).toEqual(['in_review', 'failed']);
    expect(timelineOf({ createdAt: '2026-01-01T00:00:00Z', status: 'in_review', timeline: [] })).toEqual([{ status: 'in_review', at: '2026-01-01T00:00:00Z' }]);
  });

  it('says until when a lock or a hold refuses, and nothing for other errors', () => {
    const at = '2026-01-02T03:04:05.000Z';
    expect(refusalEnd(new ApiError('TRADE_PASSWORD_LOCKED', 'locked', 422, undefined, undefined, at))).toEqual({ key: 'withdraw.lockedUntil', until: at });
    expect(refusalEnd(new ApiError('WITHDRAWAL_HOLD_ACTIVE', 'hold', 422, undefined, undefined, at))).toEqual({ key: 'withdraw.holdUntil', until: at });
    expect(refusalEnd(new ApiError('WITHDRAWAL_HOLD_ACTIVE', 'hold', 422))).toBeNull();
    expect(refusalEnd(new ApiError('INSUFFICIENT_BALANCE', 'no', 422, undefined, undefined, at))).toBeNull();
    expect(refusalEnd(new Error('x'))).toBeNull();
  });
});
