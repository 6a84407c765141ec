import type { EntryType } from '@candor/contracts';

/**
 * The entry types that begin an action on the real accounts, in the order the filter offers them (the
 * server's `type` filter values). A record is one action; the entries that finish one (a withdrawal paid
 * or returned, an order settled) are in its particulars, not rows of their own, so they are no filter.
 */
export const RECORD_TYPES = [
  'deposit',
  'withdrawal',
  'order_stake',
  'earn_in',
  'earn_out',
  'earn_income',
  'adjustment',
] as const satisfies readonly EntryType[];
export type RecordType = (typeof RECORD_TYPES)[number];

export function isRecordType(value: string | null | undefined): value is RecordType {
  return (RECORD_TYPES as readonly string[]).includes(value ?? '');
}

/** The filter as the screen holds it: a type and an inclusive range of local calendar days (`YYYY-MM-DD`). */
export interface RecordFilter {
  type: RecordType | '';
  from: string;
  to: string;
}
export const EMPTY_FILTER: RecordFilter = { type: '', from: '', to: '' };

/** Midnight of a local calendar day `YYYY-MM-DD`, plus `addDays`, as an ISO instant; null for anything else. */
export function localDayStart(day: string, addDays = 0): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d + addDays);
  // new Date rolls 2024-02-31 over into March: refuse days that do not exist.
  const check = new Date(y, mo - 1, d);
  if (check.getFullYear() !== y || check.getMonth() !== mo - 1 || check.getDate() !== d) return null;
  return date.toISOString();
}

/**
 * The query the server takes for a filter: `from` inclusive, `to` exclusive (so the chosen last day
 * is included whole), or `invalid` when the range runs backwards.
 */
export function recordsQuery(f: RecordFilter): { type?: string; from?: string; to?: string } | 'invalid' {
  const from = f.from ? localDayStart(f.from) : null;
  const to = f.to ? localDayStart(f.to, 1) : null;
  if (from && to && from >= to) return 'invalid';
  return { ...(f.type ? { type: f.type } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

export type RefKind = 'order' | 'deposit' | 'withdrawal';

/** A record's `ref` (`order:<id>`, `deposit:<id>`, ...) as something the particulars can show; other refs are not linked. */
export function parseRef(ref: string | null | undefined): { kind: RefKind; id: string } | null {
  if (!ref) return null;
  const at = ref.indexOf(':');
  if (at <= 0) return null;
  const kind = ref.slice(0, at);
  const id = ref.slice(at + 1);
  if (!id || (kind !== 'order' && kind !== 'deposit' && kind !== 'withdrawal')) return null;
  return { kind, id };
}

/**
 * A posting's side as its account's owner reads it: the balance rose (credit, money in) or fell
 * (debit, money out), as on a bank statement. Amounts are signed wire strings.
 */
export function postingSide(amount: string): 'credit' | 'debit' | 'none' {
  const s = amount.trim();
  if (!/^[-+]?\d+(\.\d+)?$/.test(s) || /^[-+]?0+(\.0+)?$/.test(s)) return 'none';
  return s.startsWith('-') ? 'debit' : 'credit';
}

/** An audit action (`deposit.approve`) as a translation key segment (i18next reads `.` as nesting). */
export function actionKey(action: string): string {
  return action.replace(/[^a-zA-Z0-9]+/g, '_');
}

/** The file name of an export: the server's, else one with today's local date. */
export function exportFilename(serverName: string | null, now: Date = new Date()): string {
  if (serverName && /^[\w.-]+$/.test(serverName)) return serverName;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `capital-records-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
