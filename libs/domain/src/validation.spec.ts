import { describe, it, expect } from '@jest/globals';
import {
  finalizeAmountInput,
  isE164Phone,
  isMainlandPhone,
  isValidCheckNumber,
  isValidEmail,
  isValidIdCard,
  isValidInviteCode,
  isValidLoginPassword,
  isValidRealName,
  isValidTradePassword,
  isValidUserId,
  sanitizeAmountInput,
} from './validation.js';

describe('isValidUserId (6-12 word characters)', () => {
  it.each([
    ['abcdef', true],
    ['abc_12', true],
    ['ABCDEFGHIJKL', true],
    ['123456', true],
    ['abcde', false],
    ['abcdefghijklm', false],
    ['abc-12', false],
    ['abc 12', false],
    ['用户名称六个', false],
    ['', false],
    ['abcdef\n', false],
  ])('%p -> %p', (s, ok) => expect(isValidUserId(s)).toBe(ok));
});

describe('isValidEmail', () => {
  it.each([
    ['a@b.co', true],
    ['first.last+tag@example.com', true],
    ['user_1%x@sub.domain.org', true],
    ['USER@EXAMPLE.COM', true],
    ['user@localhost', false],
    ['user@example.c', false],
    ['userexample.com', false],
    ['@example.com', false],
    ['user@', false],
    ['user@@example.com', false],
    ['us er@example.com', false],
    ['user@exa mple.com', false],
    ['user@example.com ', false],
    ['', false],
    [`${'a'.repeat(64)}@example.com`, true],
    [`${'a'.repeat(65)}@example.com`, false],
    [`a@${'b'.repeat(248)}.com`, true], // 254 characters
    [`a@${'b'.repeat(249)}.com`, false], // 255 characters
  ])('%p -> %p', (s, ok) => expect(isValidEmail(s)).toBe(ok));

  it('answers quickly on hostile input', () => {
    const started = Date.now();
    expect(isValidEmail(`a@${'b.'.repeat(120)}!`)).toBe(false);
    expect(isValidEmail('a'.repeat(100_000))).toBe(false);
    expect(Date.now() - started).toBeLessThan(200);
  });
});

describe('isMainlandPhone (1[345789] + 9 digits)', () => {
  it.each([
    ['13812345678', true],
    ['14012345678', true],
    ['15012345678', true],
    ['17012345678', true],
    ['18012345678', true],
    ['19912345678', true],
    ['10012345678', false],
    ['11012345678', false],
    ['12012345678', false],
    ['16012345678', false],
    ['1381234567', false],
    ['138123456789', false],
    ['23812345678', false],
    ['1381234567a', false],
    ['+8613812345678', false],
  ])('%p -> %p', (s, ok) => expect(isMainlandPhone(s)).toBe(ok));
});

describe('isE164Phone (+, 8 to 15 digits, no leading 0)', () => {
  it.each([
    ['+886912345678', true],
    ['+12025550123', true],
    ['+12345678', true], // 8 digits
    ['+123456789012345', true], // 15 digits
    ['+1234567', false], // 7 digits
    ['+1234567890123456', false], // 16 digits
    ['+0123456789', false],
    ['886912345678', false],
    ['+886 912345678', false],
    ['+', false],
  ])('%p -> %p', (s, ok) => expect(isE164Phone(s)).toBe(ok));
});

describe('isValidCheckNumber (exactly 4 digits)', () => {
  it.each([
    ['0000', true],
    ['1234', true],
    ['123', false],
    ['12345', false],
    ['12a4', false],
    [' 1234', false],
    ['', false],
  ])('%p -> %p', (s, ok) => expect(isValidCheckNumber(s)).toBe(ok));
});

describe('isValidIdCard (15 digits, or 18 ending in a digit or X)', () => {
  it.each([
    ['110101900101123', true],
    ['110101199001011234', true],
    ['11010119900101123X', true],
    ['11010119900101123x', true],
    ['11010190010112', false], // 14
    ['1101011990010112', false], // 16
    ['11010119900101123', false], // 17
    ['1101011990010112345', false], // 19
    ['11010190010112X', false], // X on 15
    ['1101011990010112XX', false],
    ['11010119900101123Y', false],
    ['', false],
  ])('%p -> %p', (s, ok) => expect(isValidIdCard(s)).toBe(ok));
});

describe('isValidRealName', () => {
  it.each([
    ['张三', 'CN', true],
    ['欧阳娜娜娜', 'CN', true],
    ['张', 'CN', false],
    ['欧阳娜娜娜娜', 'CN', false],
    ['Zhang San', 'CN', false],
    ['张三', 'cn', true],
    ['张三', ' CN ', true],
    ['Anna', 'DE', true],
    ['Jo', 'US', true],
    ['J', 'US', false],
    ["Mary-Jane O'Neil", 'US', true],
    ['D’Artagnan', 'FR', true],
    ['José Núñez', 'ES', true],
    ['J. R. Smith', 'US', true],
    ['Nguyễn Văn An', 'VN', true],
    ['สมศรี', 'TH', true], // ends in a combining vowel mark
    ['佐藤太郎', 'JP', true],
    ['김민준', 'KR', true],
    ['Anna-', 'DE', false],
    ['-Anna', 'DE', false],
    ['Anna1', 'DE', false],
    ['Anna  Maria', 'DE', true],
    ['<script>', 'US', false],
    ['a'.repeat(60), 'US', true],
    ['a'.repeat(61), 'US', false],
    ['', 'US', false],
  ])('%p (%p) -> %p', (name, nat, ok) => expect(isValidRealName(name, nat)).toBe(ok));
});

describe('isValidLoginPassword (8-64, a letter and a digit)', () => {
  it.each([
    ['abcdefg1', true],
    ['1234567a', true],
    ['pässwört1', true],
    ['abcdef1', false], // 7
    ['abcdefgh', false],
    ['12345678', false],
    ['!@#$%^&*', false],
    [`a${'1'.repeat(63)}`, true], // 64
    [`a${'1'.repeat(64)}`, false], // 65
    ['', false],
  ])('%p -> %p', (s, ok) => expect(isValidLoginPassword(s)).toBe(ok));
});

describe('isValidTradePassword (exactly 6 digits)', () => {
  it.each([
    ['123456', true],
    ['000000', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    ['', false],
  ])('%p -> %p', (s, ok) => expect(isValidTradePassword(s)).toBe(ok));
});

describe('isValidInviteCode (4-16 letters or digits)', () => {
  it.each([
    ['AB12', true],
    ['abcdEFGH12345678', true],
    ['AB1', false],
    ['abcdEFGH123456789', false],
    ['AB-12', false],
    ['AB 12', false],
    ['', false],
  ])('%p -> %p', (s, ok) => expect(isValidInviteCode(s)).toBe(ok));
});

describe('sanitizeAmountInput (as typed: digits and one dot, 2 decimals)', () => {
  it.each([
    ['', ''],
    ['123', '123'],
    ['12.34', '12.34'],
    ['12.345', '12.34'],
    ['12.3', '12.3'],
    ['12.', '12.'],
    ['.', '0.'],
    ['.5', '0.5'],
    ['1.2.3', '1.23'],
    ['1..2', '1.2'],
    ['abc', ''],
    ['1a2b3', '123'],
    ['-5', '5'], // only digits and the dot are kept, so a minus sign is dropped
    ['+5', '5'],
    ['1,234.56', '1234.56'],
    ['1e309', '1309'],
    [' 7 ', '7'],
    ['１２', ''], // full-width digits are not ASCII digits
    ['0', '0'],
    ['00.10', '00.10'],
  ])('%p -> %p', (raw, out) => expect(sanitizeAmountInput(raw)).toBe(out));

  it('handles a huge string in linear time', () => {
    const started = Date.now();
    expect(sanitizeAmountInput(`${'9'.repeat(200_000)}.999`)).toBe(`${'9'.repeat(200_000)}.99`);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('finalizeAmountInput (on commit: <= 0 -> min, > max -> max)', () => {
  it.each<[string, { min?: number; max?: number } | undefined, string]>([
    ['', undefined, '1'],
    ['0', undefined, '1'],
    ['0.', undefined, '1'],
    ['.', undefined, '1'],
    ['0.00', undefined, '1'],
    ['0.001', undefined, '1'], // truncated to 0.00 first
    ['0.01', undefined, '0.01'],
    ['-5', undefined, '5'], // the minus is not a kept character
    ['abc', undefined, '1'],
    ['1', undefined, '1'],
    ['12.', undefined, '12'],
    ['12.5', undefined, '12.5'],
    ['12.345', undefined, '12.34'],
    ['1.234', undefined, '1.23'],
    ['007', undefined, '7'],
    ['00.50', undefined, '0.50'],
    ['999999', undefined, '999999'],
    ['999999.00', undefined, '999999.00'],
    ['999999.01', undefined, '999999'],
    ['1000000', undefined, '999999'],
    ['1e309', undefined, '1309'],
    ['9'.repeat(400), undefined, '999999'], // Number() is Infinity: still clamped
    ['0', { min: 20 }, '20'],
    ['5', { min: 20 }, '5'], // only zero or less becomes the minimum
    ['150', { max: 100 }, '100'],
    ['100', { max: 100 }, '100'],
    ['0', { min: 0.5 }, '0.5'],
  ])('%p %p -> %p', (raw, opts, out) => expect(finalizeAmountInput(raw, opts)).toBe(out));

  it('clamps a huge string to the maximum', () => {
    expect(finalizeAmountInput('9'.repeat(200_000))).toBe('999999');
  });
});
