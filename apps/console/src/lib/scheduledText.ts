import type { ScheduledChange, ScheduledField } from '@candor/contracts';
import { venueName, venueOrder } from './venues';

/** The words a change's values need in the UI language (the caller translates them, so this file stays pure). */
export interface ChangeLabels {
  /** hours null: open around the clock. */
  allDay: string;
  /** priceVenues []: simulated prices. */
  simulated: string;
  /** holidays []. */
  none: string;
}

/** A scheduled change in words: its value before and after, and for holidays the dates added and removed. */
export interface ChangeText {
  from: string;
  to: string;
  added: string[];
  removed: string[];
}

/** The weekdays Monday first (0 = Sunday), as an operator reads a week. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const raw = (v: unknown): string => JSON.stringify(v) ?? String(v);

/** Weekday names in `lang`, 0 = Sunday (2023-01-01 was a Sunday). */
export function shortWeekday(day: number, lang: string): string {
  return new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + day)));
}

/** 2 -> "2 (0.01)": the number of decimals and the smallest price step they give, in `lang`'s digits. */
function precisionText(v: unknown, lang: string): string {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 20) return raw(v);
  const step = new Intl.NumberFormat(lang, { minimumFractionDigits: v, maximumFractionDigits: v }).format(10 ** -v);
  return `${v} (${step})`;
}

/** [{binance, BTCUSDT}, {okx, BTC-USDT}] -> "Binance BTCUSDT, OKX BTC-USDT", in the exchanges' order; [] -> simulated. */
function venuesText(v: unknown, labels: ChangeLabels): string {
  if (!Array.isArray(v)) return raw(v);
  if (v.length === 0) return labels.simulated;
  const rows = v.filter(isRecord).map((r) => ({ venue: String(r.venue), symbol: String(r.symbol) }));
  if (rows.length !== v.length) return raw(v);
  return rows
    .sort((a, b) => venueOrder(a.venue) - venueOrder(b.venue))
    .map((r) => `${venueName(r.venue)} ${r.symbol}`)
    .join(', ');
}

/**
 * Weekly hours in words, Monday first, days with the same sessions run together:
 * "Mon–Fri 09:00–17:00; Sat 10:00–14:00". Days not named are closed; null (or none) is around the clock.
 */
function hoursText(v: unknown, lang: string, labels: ChangeLabels): string {
  if (v === null || (Array.isArray(v) && v.length === 0)) return labels.allDay;
  if (!Array.isArray(v)) return raw(v);
  const rows = v.filter(isRecord);
  if (rows.length !== v.length || rows.some((r) => typeof r.day !== 'number' || typeof r.open !== 'string' || typeof r.close !== 'string')) return raw(v);
  const perDay = WEEK.map((day) =>
    rows
      .filter((r) => r.day === day)
      .map((r) => `${String(r.open)}–${String(r.close)}`)
      .sort()
      .join(', '),
  );
  const groups: string[] = [];
  for (let i = 0; i < WEEK.length; i++) {
    const sessions = perDay[i]!;
    if (!sessions) continue;
    let j = i;
    while (j + 1 < WEEK.length && perDay[j + 1] === sessions) j++;
    const days = j === i ? shortWeekday(WEEK[i]!, lang) : `${shortWeekday(WEEK[i]!, lang)}–${shortWeekday(WEEK[j]!, lang)}`;
    groups.push(`${days} ${sessions}`);
    i = j;
  }
  return groups.join('; ');
}

const dates = (v: unknown): string[] | null => (Array.isArray(v) && v.every((d) => typeof d === 'string') ? [...(v as string[])].sort() : null);

/** One value of a scheduled field, readable: what the console shows as "from" or "to". */
export function formatChangeValue(field: ScheduledField, value: unknown, lang: string, labels: ChangeLabels): string {
  switch (field) {
    case 'precision':
      return precisionText(value, lang);
    case 'priceVenues':
      return venuesText(value, labels);
    case 'hours':
      return hoursText(value, lang, labels);
    case 'timezone':
      return typeof value === 'string' ? value : raw(value);
    case 'holidays': {
      const list = dates(value);
      return list === null ? raw(value) : list.length ? list.join(', ') : labels.none;
    }
  }
}

/** A scheduled change in words; holidays also name the dates added and removed (the lists can be long). */
export function describeChange(c: Pick<ScheduledChange, 'field' | 'from' | 'to'>, lang: string, labels: ChangeLabels): ChangeText {
  const text: ChangeText = {
    from: formatChangeValue(c.field, c.from, lang, labels),
    to: formatChangeValue(c.field, c.to, lang, labels),
    added: [],
    removed: [],
  };
  if (c.field === 'holidays') {
    const before = dates(c.from) ?? [];
    const after = dates(c.to) ?? [];
    text.added = after.filter((d) => !before.includes(d));
    text.removed = before.filter((d) => !after.includes(d));
  }
  return text;
}

/**
 * The time until `iso` from `now`, in `lang`'s own unit words, largest two units: "1 day 3 hr", "23 hr 5 min",
 * "4 min"; null once it is due (less than a minute left counts as one minute).
 */
export function timeLeft(iso: string, now: number, lang: string): string | null {
  const ms = Date.parse(iso) - now;
  if (!(ms > 0)) return null;
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const parts: [number, 'day' | 'hour' | 'minute'][] = [
    [Math.floor(minutes / 1440), 'day'],
    [Math.floor((minutes % 1440) / 60), 'hour'],
    [minutes % 60, 'minute'],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  return parts
    .slice(first, first + 2)
    .filter(([n]) => n > 0)
    .map(([n, unit]) => new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'short' }).format(n))
    .join(' ');
}
