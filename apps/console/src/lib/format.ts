import { breakEvenPercent, parseRate, ratePercent } from '@candor/domain';
import { i18n } from './i18n';

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }).format(d);
}

/** Compact date and time for table cells: "2026/11/21 22:10:20" style, in the UI language. */
export function formatDateTimeShort(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(i18n.language, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(d);
}

/** "0.85" -> "85%", exactly (the same helper the web app shows rates with); the raw text when it is not a rate. */
export function formatRate(rate: string): string {
  const r = rate.trim().startsWith('.') ? `0${rate.trim()}` : rate.trim();
  return parseRate(r) === null ? rate : `${ratePercent(r)}%`;
}

/** Break-even win rate for a payout rate r: 1 / (1 + r), e.g. "0.85" -> "54.1%"; null when r is not a rate. */
export function breakEven(rate: string): string | null {
  const r = rate.trim().startsWith('.') ? `0${rate.trim()}` : rate.trim();
  return parseRate(r) === null ? null : `${breakEvenPercent(r, 1)}%`;
}

/**
 * An instant in the operator's own time zone, with the zone named ("2026/06/02 09:30:15 GMT+8"), and the same
 * instant in UTC ("2026/06/02 01:30:15"): scheduled changes are announced in UTC, operators think in local time.
 */
export function formatInstant(iso: string | null | undefined): { local: string; utc: string } {
  if (!iso) return { local: '—', utc: '—' };
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return { local: iso, utc: iso };
  const parts = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' } as const;
  return {
    local: new Intl.DateTimeFormat(i18n.language, { ...parts, timeZoneName: 'short' }).format(d),
    utc: new Intl.DateTimeFormat(i18n.language, { ...parts, timeZone: 'UTC' }).format(d),
  };
}
