import { i18n } from '../i18n';

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }).format(d);
}

/** "0.85" -> "85%" without floating-point arithmetic on the string's digits. */
export function formatRate(rate: string): string {
  const m = /^(\d*)(?:\.(\d{0,4}))?$/.exec(rate.trim());
  if (!m) return rate;
  const basisPoints = Number(m[1] || '0') * 10000 + Number(((m[2] ?? '') + '0000').slice(0, 4));
  const pct = basisPoints / 100; // at most two decimals of percent
  return `${pct.toLocaleString(i18n.language, { maximumFractionDigits: 2 })}%`;
}

/** Break-even win rate for a payout rate r: 1 / (1 + r). */
export function breakEven(rate: string): string | null {
  const r = Number(rate);
  if (!Number.isFinite(r) || r < 0) return null;
  return `${(100 / (1 + r)).toLocaleString(i18n.language, { maximumFractionDigits: 1 })}%`;
}
