import { base58check, bech32, bech32m } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** The networks a currency withdrawal address may be on. */
export const WITHDRAWAL_NETWORKS = ['TRC20', 'ERC20', 'BTC'] as const;
export type WithdrawalNetwork = (typeof WITHDRAWAL_NETWORKS)[number];

/** Why an address or card number is refused, or (warnings) accepted with a caution. */
export type AccountCheckIssue = 'FORMAT' | 'CHECKSUM' | 'LENGTH' | 'LUHN_FAILED' | 'NO_CHECKSUM';
export type AccountCheck = { ok: true; value: string; warning?: AccountCheckIssue } | { ok: false; issue: AccountCheckIssue };

const b58check = base58check(sha256);
const CARD_DIGITS = { min: 12, max: 19 };

/** True when the digits pass the Luhn check. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/**
 * A bank card number: 12 to 19 digits once spaces and dashes are removed. A failed Luhn check is only a
 * warning: some UnionPay cards fail it and are real.
 */
export function checkCardNumber(raw: string): AccountCheck {
  const digits = raw.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return { ok: false, issue: 'FORMAT' };
  if (digits.length < CARD_DIGITS.min || digits.length > CARD_DIGITS.max) return { ok: false, issue: 'LENGTH' };
  return luhnValid(digits) ? { ok: true, value: digits } : { ok: true, value: digits, warning: 'LUHN_FAILED' };
}

/** The EIP-55 spelling of a 40-hex-digit address: a letter is upper case where the keccak hash's nibble is 8 or more. */
export function eip55(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '';
  for (let i = 0; i < 40; i++) out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return `0x${out}`;
}

function checkErc20(address: string): AccountCheck {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return { ok: false, issue: 'FORMAT' };
  const body = address.slice(2);
  // All one case carries no checksum (older wallets write it so): accepted, with a caution to compare it.
  if (body === body.toLowerCase() || body === body.toUpperCase()) return { ok: true, value: eip55(body), warning: 'NO_CHECKSUM' };
  return eip55(body) === address ? { ok: true, value: address } : { ok: false, issue: 'CHECKSUM' };
}

function decodeBase58check(address: string): Uint8Array | 'FORMAT' | 'CHECKSUM' {
  if (!/^[1-9A-HJ-NP-Za-km-z]+$/.test(address)) return 'FORMAT';
  try {
    return b58check.decode(address);
  } catch {
    return 'CHECKSUM';
  }
}

function checkTrc20(address: string): AccountCheck {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return { ok: false, issue: 'FORMAT' };
  const bytes = decodeBase58check(address);
  if (typeof bytes === 'string') return { ok: false, issue: bytes };
  // A TRON account address is 0x41 followed by the 20-byte account id.
  return bytes.length === 21 && bytes[0] === 0x41 ? { ok: true, value: address } : { ok: false, issue: 'FORMAT' };
}

function checkBtcBech32(address: string): AccountCheck {
  const lower = address.toLowerCase();
  if (address !== lower && address !== address.toUpperCase()) return { ok: false, issue: 'FORMAT' };
  if (!lower.startsWith('bc1')) return { ok: false, issue: 'FORMAT' };
  // Witness version 0 uses bech32, versions 1 to 16 use bech32m; the version is the first 5-bit word.
  const v0 = bech32.decodeUnsafe(lower);
  const v1 = v0 ? undefined : bech32m.decodeUnsafe(lower);
  const decoded = v0 ?? v1;
  if (!decoded || decoded.prefix !== 'bc' || decoded.words.length === 0) return { ok: false, issue: 'CHECKSUM' };
  const version = decoded.words[0]!;
  if ((version === 0) !== Boolean(v0) || version > 16) return { ok: false, issue: 'CHECKSUM' };
  let program: Uint8Array;
  try {
    program = bech32.fromWords(decoded.words.slice(1));
  } catch {
    return { ok: false, issue: 'FORMAT' };
  }
  const sizeOk = version === 0 ? program.length === 20 || program.length === 32 : program.length >= 2 && program.length <= 40;
  return sizeOk ? { ok: true, value: lower } : { ok: false, issue: 'LENGTH' };
}

function checkBtc(address: string): AccountCheck {
  if (/^bc1/i.test(address)) return checkBtcBech32(address);
  if (!/^[13]/.test(address)) return { ok: false, issue: 'FORMAT' };
  const bytes = decodeBase58check(address);
  if (typeof bytes === 'string') return { ok: false, issue: bytes };
  // Pay-to-pubkey-hash (version 0x00) or pay-to-script-hash (0x05), each a 20-byte hash.
  return bytes.length === 21 && (bytes[0] === 0x00 || bytes[0] === 0x05) ? { ok: true, value: address } : { ok: false, issue: 'FORMAT' };
}

/** A currency address on its network, with the network's checksum. The returned value is the address as it should be stored. */
export function checkCurrencyAddress(network: WithdrawalNetwork, raw: string): AccountCheck {
  const address = raw.trim();
  switch (network) {
    case 'ERC20':
      return checkErc20(address);
    case 'TRC20':
      return checkTrc20(address);
    case 'BTC':
      return checkBtc(address);
  }
}

/** A card number for lists and logs: the last four digits only. */
export function maskCardNumber(digits: string): string {
  return digits.length <= 4 ? '****' : `**** ${digits.slice(-4)}`;
}

/** An address for lists and logs: its first six and last four characters. */
export function maskAddress(address: string): string {
  return address.length <= 10 ? '****' : `${address.slice(0, 6)}…${address.slice(-4)}`;
}
