import { describe, expect, it } from '@jest/globals';
import { avatarHue, avatarInitial, nicknameProblem } from './nickname';

describe('nickname', () => {
  it('is refused empty, too long or with control characters, as the server refuses it', () => {
    expect(nicknameProblem('')).toBe('nickname.empty');
    expect(nicknameProblem('   ')).toBe('nickname.empty');
    expect(nicknameProblem('x'.repeat(33))).toBe('nickname.tooLong');
    expect(nicknameProblem('two\nlines')).toBe('nickname.invalid');
    expect(nicknameProblem('evil\u202Etxt')).toBe('nickname.invalid');
    expect(nicknameProblem('c1\u0085')).toBe('nickname.invalid');
  });

  it('takes what people type: CJK, emoji, spaces inside, up to 32 characters', () => {
    expect(nicknameProblem('小美 🌸')).toBeNull();
    expect(nicknameProblem(` ${'x'.repeat(32)} `)).toBeNull();
  });

  it('avatar: the first whole character, upper-cased, and a stable hue per user', () => {
    expect(avatarInitial('小美')).toBe('小');
    expect(avatarInitial(' amy')).toBe('A');
    expect(avatarInitial('🌸 bloom')).toBe('🌸');
    expect(avatarInitial('')).toBe('?');
    expect(avatarHue('user-1')).toBe(avatarHue('user-1'));
    expect(avatarHue('user-1')).not.toBe(avatarHue('user-2'));
  });
});
