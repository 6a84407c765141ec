import { describe, expect, it } from '@jest/globals';
import { RECORD_TYPES, actionKey, exportFilename, isRecordType, localDayStart, parseRef, postingSide, recordsQuery } from './model';

describe('RECORD_TYPES', () => {
  it('offers the real-account entry types, none of the demo account', () => {
    expect(RECORD_TYPES).toContain('withdrawal');
    expect(RECORD_TYPES).not.toContain('withdrawal_refund');
    expect(RECORD_TYPES).not.toContain('order_payout');
    expect(RECORD_TYPES).not.toContain('demo_grant');
    expect(isRecordType('deposit')).toBe(true);
    expect(isRecordType('demo_reset')).toBe(false);
    expect(isRecordType(null)).toBe(false);
  });
});

describe('localDayStart', () => {
  it('is local midnight of the day, shifted by whole days', () => {
    expect(new Date(localDayStart('2024-03-05')!).getTime()).toBe(new Date(2024, 2, 5).getTime());
    expect(new Date(localDayStart('2024-12-31', 1)!).getTime()).toBe(new Date(2025, 0, 1).getTime());
  });
  it.each(['', '2024-3-5', '2024-02-30', '2024-13-01', 'yesterday'])('refuses %p', (day) => {
    expect(localDayStart(day)).toBeNull();
  });
});

describe('recordsQuery', () => {
  it('leaves out what is not set', () => {
    expect(recordsQuery({ type: '', from: '', to: '' })).toEqual({});
  });
  it('includes the whole last day: `to` is the next midnight', () => {
    expect(recordsQuery({ type: 'deposit', from: '2024-03-05', to: '2024-03-05' })).toEqual({
      type: 'deposit',
      from: new Date(2024, 2, 5).toISOString(),
      to: new Date(2024, 2, 6).toISOString(),
    });
  });
  it('refuses a range that runs backwards', () => {
    expect(recordsQuery({ type: '', from: '2024-03-06', to: '2024-03-05' })).toBe('invalid');
  });
  it('drops a malformed day rather than sending it', () => {
    expect(recordsQuery({ type: '', from: 'nope', to: '' })).toEqual({});
  });
});

describe('parseRef', () => {
  it.each([
    ['order:1f2e', { kind: 'order', id: '1f2e' }],
    ['deposit:abc', { kind: 'deposit', id: 'abc' }],
    ['withdrawal:x:y', { kind: 'withdrawal', id: 'x:y' }],
  ])('%p', (ref, want) => expect(parseRef(ref)).toEqual(want));
  it.each([null, '', 'user:1', 'order:', ':1', 'order'])('does not link %p', (ref) => expect(parseRef(ref)).toBeNull());
});

describe('postingSide', () => {
  it.each([
    ['100.00', 'credit'],
    ['+0.01', 'credit'],
    ['-88.80', 'debit'],
    ['0.00', 'none'],
    ['-0', 'none'],
    ['abc', 'none'],
  ])('%p is %p', (amount, side) => expect(postingSide(amount)).toBe(side));
});

describe('actionKey', () => {
  it('turns separators into underscores', () => {
    expect(actionKey('deposit.approve')).toBe('deposit_approve');
    expect(actionKey('deposit_method.update')).toBe('deposit_method_update');
  });
});

describe('exportFilename', () => {
  it("keeps the server's name and falls back to today's date", () => {
    expect(exportFilename('capital-records-2024-03-05.csv')).toBe('capital-records-2024-03-05.csv');
    expect(exportFilename(null, new Date(2024, 0, 9))).toBe('capital-records-2024-01-09.csv');
    expect(exportFilename('../etc/passwd', new Date(2024, 0, 9))).toBe('capital-records-2024-01-09.csv');
  });
});
