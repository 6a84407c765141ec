import type { PutWithdrawalAccountBody, WithdrawalAccount } from '@candor/contracts';
import { checkCardNumber, checkCurrencyAddress, isValidTradePassword, WITHDRAWAL_NETWORKS, type WithdrawalNetwork } from '@candor/domain';
import { REGION_MAX } from './address';

/** Problems found before sending, as i18n keys of the `money` namespace. */
export type Problems<F extends string> = Partial<Record<F, string>>;

/** The trade password's problem (six digits), or null. */
export function tradePasswordProblem(text: string): string | null {
  if (text === '') return 'prompt.tradePassword';
  return isValidTradePassword(text) ? null : 'invalid.tradePassword';
}

export type AccountType = PutWithdrawalAccountBody['type'];
export type AccountField = 'accountName' | 'nationality' | 'bank' | 'cardNumber' | 'region' | 'network' | 'currencyAddress' | 'tradePassword';
export type AccountValues = Record<AccountField, string>;

/** The fields of each type, in the order the form shows them. */
export const ACCOUNT_FIELDS: Record<AccountType, AccountField[]> = {
  bank: ['accountName', 'nationality', 'bank', 'cardNumber', 'region', 'tradePassword'],
  crypto: ['accountName', 'nationality', 'network', 'currencyAddress', 'tradePassword'],
};

export const EMPTY_ACCOUNT: AccountValues = {
  accountName: '',
  nationality: '',
  bank: '',
  cardNumber: '',
  region: '',
  network: '',
  currencyAddress: '',
  tradePassword: '',
};

/** The form's starting values: the bound account's details (to change them), never the password. */
export function accountValues(account: WithdrawalAccount | null | undefined): AccountValues {
  if (!account) return EMPTY_ACCOUNT;
  return {
    accountName: account.accountName,
    nationality: account.nationality,
    bank: account.bank ?? '',
    // The server sends the card number masked: changing the account types the full number again.
    cardNumber: '',
    region: account.region ?? '',
    network: account.network ?? '',
    currencyAddress: account.currencyAddress ?? '',
    tradePassword: '',
  };
}

function isNetwork(s: string): s is WithdrawalNetwork {
  return (WITHDRAWAL_NETWORKS as readonly string[]).includes(s);
}

/**
 * Every empty field of the chosen type gets its own "please enter" prompt; the card number and the
 * address get the server's checks (digits and length; the network's checksum).
 */
export function validateAccount(type: AccountType, v: AccountValues): Problems<AccountField> {
  const out: Problems<AccountField> = {};
  for (const f of ACCOUNT_FIELDS[type]) if (v[f].trim() === '') out[f] = `prompt.${f}`;
  if (type === 'bank' && !out.region && v.region.trim().length > REGION_MAX) out.region = 'accountForm.regionLength';
  if (type === 'bank' && !out.cardNumber) {
    const card = checkCardNumber(v.cardNumber);
    if (!card.ok) out.cardNumber = card.issue === 'LENGTH' ? 'invalid.cardLength' : 'invalid.cardFormat';
  }
  if (type === 'crypto' && !out.currencyAddress && isNetwork(v.network)) {
    const address = checkCurrencyAddress(v.network, v.currencyAddress);
    if (!address.ok) out.currencyAddress = address.issue === 'CHECKSUM' ? 'invalid.addressChecksum' : 'invalid.addressFormat';
  }
  if (!out.tradePassword) {
    const problem = tradePasswordProblem(v.tradePassword);
    if (problem) out.tradePassword = problem;
  }
  return out;
}

/** A caution that does not stop the form (a card failing Luhn, an address without checksum), as a `money` key. */
export function accountWarning(type: AccountType, v: AccountValues): string | null {
  if (type === 'bank') {
    const card = checkCardNumber(v.cardNumber);
    return card.ok && card.warning === 'LUHN_FAILED' ? 'warning.LUHN_FAILED' : null;
  }
  if (!isNetwork(v.network)) return null;
  const address = checkCurrencyAddress(v.network, v.currencyAddress);
  return address.ok && address.warning === 'NO_CHECKSUM' ? 'warning.NO_CHECKSUM' : null;
}

/** The body of PUT /api/withdrawal-account: only the chosen type's fields. */
export function accountBody(type: AccountType, v: AccountValues): PutWithdrawalAccountBody {
  const body: Record<string, string> = { type };
  for (const f of ACCOUNT_FIELDS[type]) body[f] = f === 'tradePassword' ? v[f] : v[f].trim();
  return body as PutWithdrawalAccountBody;
}
