import { describe, expect, it } from '@jest/globals';
import { normalizePhone } from './phone.js';

describe('normalizePhone (E.164)', () => {
  it.each([
    // Mainland mobiles without a country code are +86.
    ['13954176704', '+8613954176704'],
    ['19912345678', '+8619912345678'],
    [' 139 5417 6704 ', '+8613954176704'],
    ['139-5417-6704', '+8613954176704'],
    // The same number written with its country code, with separators or a trunk 0.
    ['+8613954176704', '+8613954176704'],
    ['+86 139 5417 6704', '+8613954176704'],
    ['+86 (0)139 5417 6704', '+8613954176704'],
    // Taiwan mobiles in national form are +886, trunk 0 dropped; with +886 they stay.
    ['0912345678', '+886912345678'],
    ['0912-345-678', '+886912345678'],
    ['+886912345678', '+886912345678'],
    ['+8860912345678', '+886912345678'],
    // Other countries with their code.
    ['+12025550123', '+12025550123'],
    ['+1 (202) 555-0123', '+12025550123'],
    ['+447911123456', '+447911123456'],
  ])('%p -> %p', (raw, e164) => expect(normalizePhone(raw)).toBe(e164));

  it.each([
    ['', 'empty'],
    ['12812345678', 'a mainland-looking number with a second digit of 2'],
    ['1395417670', 'ten digits'],
    ['2025550123', 'a national number of another country, without its code'],
    ['0812345678', 'a Taiwan landline in national form (ambiguous without +886)'],
    ['+12345678', 'an impossible length for +1'],
    ['+999123456789', 'no such country code'],
    ['+86139541767040000', 'too long'],
    ['+86 139 5417 6704 ext. 1', 'letters'],
    ['call 13954176704', 'text around the number'],
    ['+', 'a bare plus'],
  ])('%p is not a phone (%s)', (raw) => expect(normalizePhone(raw)).toBeNull());

  it('is idempotent: an E.164 answer reads as itself', () => {
    for (const raw of ['13954176704', '0912345678', '+1 202 555 0123']) {
      const once = normalizePhone(raw)!;
      expect(normalizePhone(once)).toBe(once);
    }
  });
});
