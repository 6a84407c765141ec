import { describe, expect, it } from '@jest/globals';
import { bigintId, calendarDate, displayName, isBigintId, isStorableText, saneDateTime } from './common.js';

describe('input that reaches the database', () => {
  it('bigint ids stop at 2^63 - 1', () => {
    expect(bigintId.safeParse('9223372036854775807').success).toBe(true);
    expect(bigintId.safeParse('9223372036854775808').success).toBe(false);
    expect(bigintId.safeParse('-1').success).toBe(false);
    // Not a number at all: refused, not thrown (BigInt('%') throws, and zod refines after a failed regex).
    for (const s of ['%', 'abc', '1.5', '../x', '']) expect(bigintId.safeParse(s).success).toBe(false);
    expect(isBigintId('42')).toBe(true);
    expect(isBigintId('99999999999999999999')).toBe(false);
  });

  it('date-times are in a sane range with a real offset, and come out in UTC', () => {
    expect(saneDateTime.parse('2025-01-01T08:00:00+08:00')).toBe('2025-01-01T00:00:00.000Z');
    expect(saneDateTime.safeParse('0000-01-01T00:00:00Z').success).toBe(false);
    expect(saneDateTime.safeParse('2025-01-01T00:00:00-23:59').success).toBe(false);
    expect(saneDateTime.safeParse('2025-01-01T00:00:00-14:00').success).toBe(true);
    expect(saneDateTime.safeParse('2300-01-01T00:00:00Z').success).toBe(false);
  });

  it('calendar dates are real days', () => {
    expect(calendarDate.safeParse('2024-02-29').success).toBe(true);
    expect(calendarDate.safeParse('2025-02-29').success).toBe(false);
    expect(calendarDate.safeParse('0000-01-01').success).toBe(false);
  });

  it('display names refuse bidi controls and keep everything else people type', () => {
    expect(displayName(32).parse('  小明 🚀 ')).toBe('小明 🚀');
    expect(displayName(32).safeParse('evil\u202Etxt.exe').success).toBe(false);
    expect(displayName(32).safeParse('a\u2066b').success).toBe(false);
    expect(displayName(32).safeParse('two\nlines').success).toBe(false);
    expect(displayName(32).safeParse('tab\there').success).toBe(false);
    expect(displayName(32).safeParse('bell\u0007').success).toBe(false);
    expect(displayName(32).safeParse('c1\u0085').success).toBe(false);
    expect(displayName(32).safeParse('   ').success).toBe(false);
    expect(displayName(32).safeParse('x'.repeat(33)).success).toBe(false);
  });

  it('storable text: no control characters but tab and new lines, no lone surrogates', () => {
    expect(isStorableText('line\tone\r\nline two 😀')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\u001bb')).toBe(false);
    expect(isStorableText('a\u007fb')).toBe(false);
    expect(isStorableText('x\udfffy')).toBe(false);
    expect(isStorableText('x\ud83dy')).toBe(false);
    expect(isStorableText('\ud83d\ude00')).toBe(true);
  });
});
