import { describe, expect, it } from '@jest/globals';
import { checkCardNumber, checkCurrencyAddress, eip55, luhnValid, maskAddress, maskCardNumber, type WithdrawalNetwork } from './withdrawal-account.js';

describe('bank card numbers', () => {
  it.each([
    ['4111111111111111', true],
    ['4111111111111112', false],
    ['79927398713', true],
    ['0', true],
    ['', false],
  ])('luhn %s -> %s', (digits, ok) => expect(luhnValid(digits)).toBe(ok));

  it.each([
    ['a Visa test number', '4111 1111 1111 1111', { ok: true, value: '4111111111111111' }],
    ['dashes are removed', '5500-0000-0000-0004', { ok: true, value: '5500000000000004' }],
    ['a failed Luhn check is a warning only', '6212345678901234567', { ok: true, value: '6212345678901234567', warning: 'LUHN_FAILED' }],
    ['too short', '41111111111', { ok: false, issue: 'LENGTH' }],
    ['too long', '41111111111111111111', { ok: false, issue: 'LENGTH' }],
    ['letters', '4111 1111 1111 111a', { ok: false, issue: 'FORMAT' }],
    ['empty', '', { ok: false, issue: 'FORMAT' }],
  ])('%s', (_name, raw, expected) => expect(checkCardNumber(raw)).toEqual(expected));
});

describe('currency addresses', () => {
  // EIP-55's own examples, Bitcoin's BIP 13, 173 and 350 vectors, and the USDT contract on TRON.
  it.each<[string, WithdrawalNetwork, string, object]>([
    ['ERC20 checksummed', 'ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', { ok: true, value: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }],
    ['ERC20 checksummed (2)', 'ERC20', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', { ok: true, value: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' }],
    ['ERC20 checksummed (3)', 'ERC20', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb', { ok: true, value: '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb' }],
    ['ERC20 one letter in the wrong case', 'ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', { ok: false, issue: 'CHECKSUM' }],
    [
      'ERC20 all lower case: no checksum, stored checksummed',
      'ERC20',
      '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
      { ok: true, value: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', warning: 'NO_CHECKSUM' },
    ],
    ['ERC20 too short', 'ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA', { ok: false, issue: 'FORMAT' }],
    ['ERC20 without 0x', 'ERC20', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', { ok: false, issue: 'FORMAT' }],
    ['TRC20', 'TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', { ok: true, value: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }],
    ['TRC20 surrounding spaces are trimmed', 'TRC20', '  TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t ', { ok: true, value: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }],
    ['TRC20 one character changed', 'TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', { ok: false, issue: 'CHECKSUM' }],
    ['TRC20 a Bitcoin address', 'TRC20', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', { ok: false, issue: 'FORMAT' }],
    ['TRC20 an ERC20 address', 'TRC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', { ok: false, issue: 'FORMAT' }],
    ['BTC pay-to-pubkey-hash', 'BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', { ok: true, value: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa' }],
    ['BTC pay-to-script-hash', 'BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', { ok: true, value: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy' }],
    ['BTC base58 checksum wrong', 'BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', { ok: false, issue: 'CHECKSUM' }],
    ['BTC segwit v0', 'BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', { ok: true, value: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' }],
    ['BTC segwit v0 upper case', 'BTC', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', { ok: true, value: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' }],
    [
      'BTC taproot (v1, bech32m)',
      'BTC',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
      { ok: true, value: 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0' },
    ],
    ['BTC segwit checksum wrong', 'BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', { ok: false, issue: 'CHECKSUM' }],
    ['BTC v0 program with a bech32m checksum', 'BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', { ok: false, issue: 'CHECKSUM' }],
    ['BTC mixed case', 'BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kV8F3t4', { ok: false, issue: 'FORMAT' }],
    ['BTC testnet', 'BTC', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', { ok: false, issue: 'FORMAT' }],
    ['BTC a TRON address', 'BTC', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', { ok: false, issue: 'FORMAT' }],
  ])('%s', (_name, network, raw, expected) => expect(checkCurrencyAddress(network, raw)).toEqual(expected));

  it('eip55 spells an address as its checksum says', () => {
    expect(eip55('dbf03b407c01e7cd3cbea99509d93f8dddc8c6fb')).toBe('0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB');
  });
});

describe('masking', () => {
  it.each([
    [maskCardNumber('4111111111111111'), '**** 1111'],
    [maskCardNumber('123'), '****'],
    [maskAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'), 'TR7NHq…Lj6t'],
    [maskAddress('short'), '****'],
  ])('%s', (masked, expected) => expect(masked).toBe(expected));
});
