/** "0.0001" -> "0.01%": a rate as a percentage for reading (display only; the api keeps the decimal string). */
export function percent(rate: string | null | undefined, decimals = 6): string {
  if (rate === null || rate === undefined || rate === '') return '—';
  const n = Number(rate);
  if (!Number.isFinite(n)) return rate;
  return `${(n * 100).toFixed(decimals).replace(/\.?0+$/, '')}%`;
}

/** An instant in the platform's time zone ("Nov 26, 2026, 08:00 (Asia/Taipei)"): every Yu'e Bao rule is read there. */
export function inZone(iso: string, timeZone: string, locale: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  try {
    return `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23', timeZone }).format(d)} (${timeZone})`;
  } catch {
    return d.toISOString();
  }
}
