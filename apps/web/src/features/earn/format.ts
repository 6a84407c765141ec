import { dateTimeFormat } from '../../lib/format';

/**
 * A rate as a decimal string ("0.0001" = 0.01 %) shown as a percentage, in integers so the configured
 * daily rate shows exactly (8 decimals of rate are 6 of percent); longer figures round half up.
 */
export function ratePercent(rate: string | null | undefined, maxDecimals = 6): string {
  const m = rate ? /^(-?)(\d+)(?:\.(\d+))?$/.exec(rate) : null;
  if (!m) return '--';
  const frac = m[3] ?? '';
  let scaled = BigInt((m[2] ?? '0') + frac) * 100n;
  let scale = frac.length;
  if (scale > maxDecimals) {
    const divisor = 10n ** BigInt(scale - maxDecimals);
    scaled = (scaled + divisor / 2n) / divisor;
    scale = maxDecimals;
  }
  const digits = scaled.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const part = digits.slice(digits.length - scale).replace(/0+$/, '');
  const sign = m[1] && scaled !== 0n ? '-' : '';
  return `${sign}${whole}${part ? `.${part}` : ''}%`;
}

/** A calendar date ("2026-03-04") in the reader's language, read as that date wherever the reader is. */
export function formatCalendarDate(date: string | null | undefined, locale: string): string {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return '--';
  const d = new Date(`${date}T00:00:00Z`);
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short', timeZone: 'UTC' }).format(d);
}

/** An instant in the platform's time zone ("2026/03/04 08:00"), since every Yu'e Bao rule is read there. */
export function formatZoned(iso: string | null | undefined, locale: string, timeZone: string): string {
  if (!iso) return '--';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '--';
  try {
    return dateTimeFormat(locale, { timeZone }).format(d);
  } catch {
    return dateTimeFormat(locale).format(d);
  }
}
