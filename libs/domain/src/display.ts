/** Display rules shared by the server and the apps: masking, order numbers, relative time. */
import { DateTime, IANAZone } from 'luxon';

/**
 * Mask a phone number, keeping its start and its last 4 characters: "13812345678" -> "138****5678",
 * "+886912345678" -> "+886****5678". Shorter than 8 characters: fully masked ("****"). A mainland mobile
 * (stored in E.164, "+8613812345678") shows as the 11 digits mainland users write: "138****5678".
 */
export function maskPhone(phone: string): string {
  const s = phone.trim().replace(/^\+86(?=1[345789]\d{9}$)/, '');
  if (s.length < 8) return '****';
  const head = s.startsWith('+') ? 4 : 3;
  return `${s.slice(0, head)}****${s.slice(-4)}`;
}

/**
 * Mask an e-mail's local part, keeping its first and last character: "alice@example.com" ->
 * "a***e@example.com"; a local part of 1 or 2 characters keeps only the first ("ab@x.io" -> "a***@x.io").
 * Something without "@" is fully masked.
 */
export function maskEmail(email: string): string {
  const s = email.trim();
  const at = s.lastIndexOf('@');
  if (at < 1) return '***';
  const local = s.slice(0, at);
  const tail = local.length > 2 ? local.slice(-1) : '';
  return `${local.slice(0, 1)}***${tail}${s.slice(at)}`;
}

/**
 * Human order number: optional prefix, the date 'YYYYMMDD' in `timeZone` (default UTC), then the
 * sequence zero-padded to 8 digits: (2024-03-05, 42) -> "2024030500000042", prefix "W" -> "W2024030500000042".
 * Longer sequences are written in full, so distinct (date, seq) pairs never collide.
 */
export function formatOrderNo(date: Date, seq: number | bigint | string, opts: { prefix?: string; timeZone?: string } = {}): string {
  const prefix = opts.prefix ?? '';
  if (!/^[A-Z]{0,4}$/.test(prefix)) throw new RangeError(`bad order number prefix: ${prefix}`);
  const zone = opts.timeZone ?? 'UTC';
  if (!IANAZone.isValidZone(zone)) throw new RangeError(`unknown time zone: ${zone}`);
  const text = typeof seq === 'number' ? (Number.isSafeInteger(seq) ? String(seq) : '') : String(seq);
  if (!/^\d+$/.test(text)) throw new RangeError(`bad order sequence: ${String(seq)}`);
  const d = DateTime.fromJSDate(date, { zone });
  if (!d.isValid) throw new RangeError('invalid date');
  return `${prefix}${d.toFormat('yyyyMMdd')}${text.replace(/^0+(?=\d)/, '').padStart(8, '0')}`;
}

export type RelativeTime = { kind: 'justNow' } | { kind: 'minutes'; n: number } | { kind: 'hours'; n: number } | { kind: 'date' };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The relative-time rule: under 15 minutes ago -> just now (also for any time in
 * the future, e.g. clock skew); under an hour -> whole minutes; under a day -> whole hours;
 * a day or older -> show the date and time. The UI translates the result.
 */
export function relativeTime(then: Date, now: Date): RelativeTime {
  const diff = now.getTime() - then.getTime();
  if (!Number.isFinite(diff)) throw new RangeError('invalid date');
  if (diff < 15 * MINUTE) return { kind: 'justNow' };
  if (diff < HOUR) return { kind: 'minutes', n: Math.floor(diff / MINUTE) };
  if (diff < DAY) return { kind: 'hours', n: Math.floor(diff / HOUR) };
  return { kind: 'date' };
}
