import { describe, expect, it } from '@jest/globals';
import { eip55 } from '@candor/domain';
import { accountBody, accountValues, accountWarning, EMPTY_ACCOUNT, tradePasswordProblem, validateAccount, type AccountValues } from './validation';

const empty: AccountValues = EMPTY_ACCOUNT;
// A Visa test number (passes Luhn) and the same digits with the last one changed (fails it).
const LUHN_OK = '4111111111111111';
const LUHN_BAD = '4111111111111112';
const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const bank = (over: Partial<AccountValues>): AccountValues => ({
  ...empty,
  accountName: 'Chen',
  nationality: 'TW',
  bank: 'Bank',
  cardNumber: LUHN_OK,
  region: 'Taipei',
  tradePassword: '246810',
  ...over,
});
const crypto = (over: Partial<AccountValues>): AccountValues => ({ ...empty, accountName: 'Chen', nationality: 'TW', tradePassword: '246810', ...over });

describe('money validation', () => {
  it('wants a six-digit trade password', () => {
    expect(tradePasswordProblem('')).toBe('prompt.tradePassword');
    expect(tradePasswordProblem('12345')).toBe('invalid.tradePassword');
    expect(tradePasswordProblem('123456')).toBeNull();
  });

  it('prompts for every empty field of the chosen type only', () => {
    expect(Object.keys(validateAccount('crypto', empty))).toEqual(['accountName', 'nationality', 'network', 'currencyAddress', 'tradePassword']);
    expect(validateAccount('bank', empty)).toEqual({
      accountName: 'prompt.accountName',
      nationality: 'prompt.nationality',
      bank: 'prompt.bank',
      cardNumber: 'prompt.cardNumber',
      region: 'prompt.region',
      tradePassword: 'prompt.tradePassword',
    });
  });

  it('refuses a card number of the wrong length or with letters, but only warns when Luhn fails', () => {
    expect(validateAccount('bank', bank({}))).toEqual({});
    expect(validateAccount('bank', bank({ cardNumber: '41111111111' }))).toEqual({ cardNumber: 'invalid.cardLength' });
    expect(validateAccount('bank', bank({ cardNumber: '4111-1111-1111-111x' }))).toEqual({ cardNumber: 'invalid.cardFormat' });
    expect(validateAccount('bank', bank({ cardNumber: LUHN_BAD }))).toEqual({});
    expect(accountWarning('bank', bank({ cardNumber: LUHN_BAD }))).toBe('warning.LUHN_FAILED');
    expect(accountWarning('bank', bank({}))).toBeNull();
  });

  it('checks a currency address with its network checksum', () => {
    const hex = 'de709f2102306220921060314715629080e2fb77';
    expect(validateAccount('crypto', crypto({ network: 'TRC20', currencyAddress: TRON }))).toEqual({});
    expect(validateAccount('crypto', crypto({ network: 'TRC20', currencyAddress: `${TRON.slice(0, -1)}8` }))).toEqual({
      currencyAddress: 'invalid.addressChecksum',
    });
    expect(validateAccount('crypto', crypto({ network: 'ERC20', currencyAddress: TRON }))).toEqual({ currencyAddress: 'invalid.addressFormat' });
    expect(validateAccount('crypto', crypto({ network: 'ERC20', currencyAddress: eip55(hex) }))).toEqual({});
    expect(accountWarning('crypto', crypto({ network: 'ERC20', currencyAddress: `0x${hex}` }))).toBe('warning.NO_CHECKSUM');
    expect(validateAccount('crypto', crypto({ network: 'BTC', currencyAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }))).toEqual({});
  });

  it('sends only the chosen type fields', () => {
    const body = accountBody('crypto', { ...empty, accountName: ' A ', bank: 'x', network: 'TRC20', tradePassword: '1' });
    expect(body).toEqual({ type: 'crypto', accountName: 'A', nationality: '', network: 'TRC20', currencyAddress: '', tradePassword: '1' });
  });

  it('starts a change from the bound details, without the password or the (masked) card number', () => {
    expect(accountValues(null)).toEqual(empty);
    const v = accountValues({
      type: 'bank',
      accountName: 'Chen',
      nationality: 'TW',
      bank: 'Bank',
      cardNumber: '**** 1111',
      region: 'Taipei',
      currencyAddress: null,
      network: null,
      masked: '**** 1111',
      holdUntil: null,
      updatedAt: '2026-01-01T00:00:00Z',
    });
    expect(v).toEqual({ ...bank({}), cardNumber: '', tradePassword: '' });
  });

  it('an address longer than the 64 characters the server keeps is refused before sending', () => {
    expect(validateAccount('bank', bank({ region: 'x'.repeat(65) }))).toEqual({ region: 'accountForm.regionLength' });
    expect(validateAccount('bank', bank({ region: 'x'.repeat(64) }))).toEqual({});
  });
});
