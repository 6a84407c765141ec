import { getCountries } from 'libphonenumber-js/min';

/** A user's identity verification (KYC) status, as stored on the user and shown to them and to operators. */
export type KycStatus = 'not_submitted' | 'pending' | 'verified' | 'rejected';

/** The two photos of an identity document. */
export const KYC_SIDES = ['front', 'back'] as const;
export type KycSide = (typeof KYC_SIDES)[number];

/** Why a reviewer turned a submission down; the apps show each in the user's language beside the reviewer's own message. */
export const KYC_REJECT_REASONS = ['unreadable', 'mismatch', 'expired', 'not_an_id', 'incomplete', 'duplicate', 'other'] as const;
export type KycRejectReason = (typeof KYC_REJECT_REASONS)[number];

/** A verification's state: its status, and for `rejected` whether the user may submit again (`final` false) or not. */
export interface KycState {
  status: KycStatus;
  final: boolean;
}
/** What moves a verification: the user's submission, or a reviewer's decision. */
export const KYC_EVENTS = ['submit', 'approve', 'reject_retry', 'reject_final'] as const;
export type KycEvent = (typeof KYC_EVENTS)[number];

/** One allowed move of the verification state machine. */
export interface KycTransition {
  readonly from: Readonly<KycState>;
  readonly event: KycEvent;
  readonly to: Readonly<KycState>;
}

/** Every allowed move; any pair of state and event not listed here is refused. */
export const KYC_TRANSITIONS: readonly KycTransition[] = Object.freeze([
  { from: { status: 'not_submitted', final: false }, event: 'submit', to: { status: 'pending', final: false } },
  { from: { status: 'pending', final: false }, event: 'approve', to: { status: 'verified', final: false } },
  { from: { status: 'pending', final: false }, event: 'reject_retry', to: { status: 'rejected', final: false } },
  { from: { status: 'pending', final: false }, event: 'reject_final', to: { status: 'rejected', final: true } },
  { from: { status: 'rejected', final: false }, event: 'submit', to: { status: 'pending', final: false } },
] as const satisfies readonly KycTransition[]);

/** `final` only means something for `rejected`; elsewhere it is ignored, so a stray `true` cannot lock a user out. */
function sameState(a: Readonly<KycState>, b: Readonly<KycState>): boolean {
  return a.status === b.status && (a.status !== 'rejected' || a.final === b.final);
}

/**
 * The one state machine of verification: not_submitted -submit-> pending; pending -approve-> verified;
 * pending -reject_retry-> rejected (final false); pending -reject_final-> rejected (final true);
 * rejected (final false) -submit-> pending. Everything else answers null (not allowed).
 */
export function nextKycState(state: KycState, event: KycEvent): KycState | null {
  const move = KYC_TRANSITIONS.find((t) => t.event === event && sameState(t.from, state));
  return move ? { ...move.to } : null;
}

/** True when the user may send a (new) submission from this state. */
export function canSubmitKyc(state: KycState): boolean {
  return nextKycState(state, 'submit') !== null;
}

/** What a user types about themselves when they ask to be verified. */
export interface IdentityInput {
  name: string;
  idNumber: string;
  nationality: string;
}
export type IdentityField = 'name' | 'idNumber' | 'nationality';
export type IdentityProblemCode = 'required' | 'name_format' | 'id_format' | 'id_checksum' | 'nationality_unknown';
export interface IdentityProblem {
  field: IdentityField;
  code: IdentityProblemCode;
}

// libphonenumber also lists AC and TA, which are not ISO 3166-1 codes (both are part of SH). XK (Kosovo) is
// kept: it is user-assigned, not official, but it is how Kosovo is written where no official code exists.
const NOT_ISO_3166 = new Set(['AC', 'TA']);

/** The nationalities a user may declare: ISO 3166-1 alpha-2 codes (plus XK), sorted. */
export const KYC_NATIONALITIES: readonly string[] = Object.freeze(
  getCountries()
    .filter((c) => !NOT_ISO_3166.has(c))
    .sort(),
);
const NATIONALITY_SET: ReadonlySet<string> = new Set(KYC_NATIONALITIES);

/** True for a nationality code in `KYC_NATIONALITIES` (upper case, as normalizeIdentity writes it). */
export function isNationality(code: string): boolean {
  return NATIONALITY_SET.has(code);
}

/** The canonical spelling of an identity, the one that is checked, stored and compared. */
export function normalizeIdentity(input: IdentityInput): IdentityInput {
  return {
    name: input.name.normalize('NFC').trim().replace(/\s+/gu, ' '),
    idNumber: input.idNumber.normalize('NFC').replace(/[\s-]/gu, '').toUpperCase(),
    nationality: input.nationality.normalize('NFC').trim().toUpperCase(),
  };
}

/** Length in code points, so a letter outside the BMP counts once. */
function charCount(s: string): number {
  return [...s].length;
}

// CJK Unified Ideographs and extension A; '·' joins the parts of a minority or transliterated name.
const HAN = '[\\u3400-\\u4DBF\\u4E00-\\u9FFF]';
const HAN_NAME = new RegExp(`^${HAN}+(?:\\u00B7${HAN}+)*$`, 'u');
const LATIN_NAME = /^[\p{Script=Latin}\p{M} .'\u2019-]+$/u;
const ANY_NAME = /^[\p{L}\p{M} .'\u2019-]+$/u;
const LETTER = /\p{L}/gu;

function letterCount(s: string): number {
  return s.match(LETTER)?.length ?? 0;
}

function isHanName(name: string, min: number, max: number, maxWithDot: number): boolean {
  if (!HAN_NAME.test(name)) return false;
  const n = charCount(name);
  return n >= min && n <= (name.includes('\u00B7') ? maxWithDot : max);
}

function isRomanName(name: string, pattern: RegExp, max: number): boolean {
  const n = charCount(name);
  return pattern.test(name) && n >= 2 && n <= max && letterCount(name) >= 2;
}

function nameValid(nationality: string, name: string): boolean {
  if (nationality === 'CN') return isHanName(name, 2, 5, 15);
  if (nationality === 'TW') return isHanName(name, 2, 10, 10) || isRomanName(name, LATIN_NAME, 60);
  return isRomanName(name, ANY_NAME, 100);
}

const CN_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CN_CHECK = '10X98765432';

/** The GB 11643-1999 check character of the first 17 digits of a resident identity number. */
function cnIdCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * CN_WEIGHTS[i]!;
  return CN_CHECK[sum % 11]!;
}

function isRealDate(yyyymmdd: string): boolean {
  const [y, m, d] = [Number(yyyymmdd.slice(0, 4)), Number(yyyymmdd.slice(4, 6)), Number(yyyymmdd.slice(6, 8))];
  const date = new Date(Date.UTC(2000, m - 1, d));
  date.setUTCFullYear(y); // Date.UTC maps years 0 to 99 to 1900 to 1999
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function checkCnId(id: string): IdentityProblemCode | null {
  if (/^\d{15}$/.test(id)) return null; // first-generation card: no check digit to verify
  if (!/^\d{17}[\dX]$/.test(id) || !isRealDate(id.slice(6, 14))) return 'id_format';
  return cnIdCheckChar(id.slice(0, 17)) === id[17] ? null : 'id_checksum';
}

// The letter's two-digit value: alphabetical from A=10, except I, O, W, X, Y, Z, added to the scheme later.
const TW_LETTER_VALUES = 'ABCDEFGHJKLMNPQRSTUVXYWZIO';

/** True when a Taiwan national ID or (2021) resident certificate number passes its checksum. */
function twIdChecksumValid(id: string): boolean {
  const value = TW_LETTER_VALUES.indexOf(id[0] ?? '') + 10;
  const digits = id.slice(1);
  if (value < 10 || !/^\d{9}$/.test(digits)) return false;
  let sum = Math.floor(value / 10) + (value % 10) * 9;
  for (let i = 0; i < 8; i++) sum += Number(digits[i]) * (8 - i);
  sum += Number(digits[8]);
  return sum % 10 === 0;
}

function checkTwId(id: string): IdentityProblemCode | null {
  if (!/^[A-Z][1289]\d{8}$/.test(id)) return 'id_format';
  return twIdChecksumValid(id) ? null : 'id_checksum';
}

function checkIdNumber(nationality: string, id: string): IdentityProblemCode | null {
  if (nationality === 'CN') return checkCnId(id);
  if (nationality === 'TW') return checkTwId(id);
  return /^[A-Z0-9]{4,30}$/.test(id) ? null : 'id_format';
}

/**
 * The first problem of a normalized identity (see normalizeIdentity), in the order the form shows the fields:
 * nationality, name, ID number; null when it may be submitted. The name and number rules depend on the nationality.
 */
export function checkIdentity(input: IdentityInput): IdentityProblem | null {
  return identityProblems(input)[0] ?? null;
}

/**
 * Every field's problem at once (at most one each, in field order), for a form that marks each field as it is
 * filled. Without a known nationality the name and number rules cannot apply, so only empty fields are named.
 */
export function identityProblems(input: IdentityInput): IdentityProblem[] {
  const { name, idNumber, nationality } = input;
  const out: IdentityProblem[] = [];
  const known = Boolean(nationality) && isNationality(nationality);
  if (!nationality) out.push({ field: 'nationality', code: 'required' });
  else if (!known) out.push({ field: 'nationality', code: 'nationality_unknown' });
  if (!name) out.push({ field: 'name', code: 'required' });
  else if (known && !nameValid(nationality, name)) out.push({ field: 'name', code: 'name_format' });
  if (!idNumber) out.push({ field: 'idNumber', code: 'required' });
  else if (known) {
    const idProblem = checkIdNumber(nationality, idNumber);
    if (idProblem) out.push({ field: 'idNumber', code: idProblem });
  }
  return out;
}

/** An ID number as shown back to its owner and to lists: the first two and last two characters. */
export function maskIdNumber(id: string): string {
  const chars = [...id];
  if (chars.length <= 4) return chars.map((c, i) => (i === chars.length - 1 ? c : '*')).join('');
  return chars.slice(0, 2).join('') + '*'.repeat(chars.length - 4) + chars.slice(-2).join('');
}

/** The key that finds one document used by two accounts (the server stores only its HMAC): `CC:NUMBER`. */
export function identityKey(input: IdentityInput): string {
  const { nationality, idNumber } = normalizeIdentity(input);
  return `${nationality}:${idNumber}`;
}
