/** How long something has waited, in its largest two units: the i18n key of consoleDashboard and its values. */
export type Age = { key: 'ageS'; n: number } | { key: 'ageM'; n: number } | { key: 'ageH'; n: number; m: number } | { key: 'ageD'; n: number; h: number };

export function ageParts(seconds: number): Age {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return { key: 'ageS', n: s };
  if (s < 3600) return { key: 'ageM', n: Math.floor(s / 60) };
  if (s < 86_400) return { key: 'ageH', n: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) };
  return { key: 'ageD', n: Math.floor(s / 86_400), h: Math.floor((s % 86_400) / 3600) };
}

/** Cents of a money string ("-12.34" -> -1234); 0 when it is not one. */
export function moneyCents(money: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(money.trim());
  if (!m) return 0;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

/** The sign class of a result: a gain for the house ok, a loss bad, nothing for zero. */
export const resultClass = (money: string): string => (moneyCents(money) > 0 ? 'text-ok' : moneyCents(money) < 0 ? 'text-bad' : '');
