import type { EarnHolidayBody, EarnSettings, EarnSettingsBody } from '@candor/contracts';

/** The settings form as typed: every field a string. */
export interface SettingsValues {
  dailyRate: string;
  cutoff: string;
  timezone: string;
  minAmount: string;
  dailyInLimit: string;
  dailyOutLimit: string;
}
export type SettingsField = keyof SettingsValues;
export const SETTINGS_FIELDS: SettingsField[] = ['dailyRate', 'cutoff', 'timezone', 'minAmount', 'dailyInLimit', 'dailyOutLimit'];

export function settingsValues(s: EarnSettings): SettingsValues {
  return {
    dailyRate: s.dailyRate,
    cutoff: s.cutoff,
    timezone: s.timezone,
    minAmount: s.minAmount,
    dailyInLimit: String(s.dailyInLimit),
    dailyOutLimit: String(s.dailyOutLimit),
  };
}

/** Whether the runtime knows the IANA zone (the server checks it too). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

export type SettingsProblem = `invalid.${'dailyRate' | 'cutoff' | 'timezone' | 'minAmount' | 'limit'}`;

/** Problems as keys of the `consoleEarn` namespace, by field. The same bounds as the api's schema. */
export function settingsProblems(v: SettingsValues): Partial<Record<SettingsField, SettingsProblem>> {
  const out: Partial<Record<SettingsField, SettingsProblem>> = {};
  if (!/^\d{1,2}(\.\d{1,8})?$/.test(v.dailyRate.trim()) || Number(v.dailyRate) > 0.1) out.dailyRate = 'invalid.dailyRate';
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(v.cutoff.trim())) out.cutoff = 'invalid.cutoff';
  if (!isTimeZone(v.timezone.trim())) out.timezone = 'invalid.timezone';
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(v.minAmount.trim()) || Number(v.minAmount) <= 0) out.minAmount = 'invalid.minAmount';
  for (const f of ['dailyInLimit', 'dailyOutLimit'] as const) {
    const n = Number(v[f]);
    if (!/^\d+$/.test(v[f].trim()) || n < 1 || n > 10_000) out[f] = 'invalid.limit';
  }
  return out;
}

/** The body of PUT /api/admin/earn/settings: only what differs from the settings now governing the next posting. */
export function settingsChanges(base: EarnSettings, v: SettingsValues): EarnSettingsBody {
  const was = settingsValues(base);
  const body: EarnSettingsBody = {};
  if (Number(v.dailyRate) !== Number(was.dailyRate)) body.dailyRate = v.dailyRate.trim();
  if (v.cutoff.trim() !== was.cutoff) body.cutoff = v.cutoff.trim();
  if (v.timezone.trim() !== was.timezone) body.timezone = v.timezone.trim();
  if (Number(v.minAmount) !== Number(was.minAmount)) body.minAmount = v.minAmount.trim();
  if (Number(v.dailyInLimit) !== base.dailyInLimit) body.dailyInLimit = Number(v.dailyInLimit);
  if (Number(v.dailyOutLimit) !== base.dailyOutLimit) body.dailyOutLimit = Number(v.dailyOutLimit);
  return body;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date (2026-02-30 is not). */
export function isCalendarDate(s: string): boolean {
  if (!DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/**
 * A pasted list of holidays, one a line: a date (YYYY-MM-DD), then a comma, tab or spaces, then its name.
 * Blank lines and lines starting with # are skipped; the numbers of the lines that cannot be read are returned.
 */
export function parseHolidayList(text: string): { holidays: EarnHolidayBody[]; badLines: number[] } {
  const holidays: EarnHolidayBody[] = [];
  const badLines: number[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const m = /^(\d{4}-\d{2}-\d{2})\s*[,;\t ]\s*(.+)$/.exec(line);
    const name = m?.[2]?.trim().replace(/^"(.*)"$/, '$1') ?? '';
    if (!m?.[1] || !isCalendarDate(m[1]) || !name || name.length > 100) badLines.push(i + 1);
    else holidays.push({ date: m[1], name });
  });
  return { holidays, badLines };
}
