/**
 * A catalogue change (a product's price decimals, exchange markets, trading hours, time zone or holidays) in
 * plain words in the reader's language: the product page's notice and history, and the account activity.
 * Pure: the caller passes its translate function (keys of the `market` namespace, `market:changes.*`).
 */
import { formatAnnouncedTime } from '../../lib/format';
import { venueName } from '../../lib/priceState';

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** What a change needs to be told: the API sends JSON values; the tick chain, canonical JSON text. */
export interface ChangeLike {
  field: string;
  from: unknown;
  to: unknown;
}

interface Venue {
  venue: string;
  symbol: string;
}
interface Interval {
  day: number;
  open: string;
  close: string;
}

/** Most dates one holiday sentence lists before "and N more". */
export const MAX_LISTED_DATES = 6;

/**
 * A value as the API sends it (`5`, `[{venue,symbol}]`, `"UTC"`), also when it comes as the tick chain's
 * canonical JSON text (`"5"`, `"[{...}]"`, `"\"UTC\""`). A time zone sent bare stays as it is.
 */
export function changeValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!/^[[{"\d-]|^null$|^true$|^false$/.test(text)) return value;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return value;
  }
}

function isVenue(v: unknown): v is Venue {
  return typeof v === 'object' && v !== null && typeof (v as Venue).venue === 'string' && typeof (v as Venue).symbol === 'string';
}

function venuesOf(value: unknown): Venue[] {
  const v = changeValue(value);
  return Array.isArray(v) ? v.filter(isVenue) : [];
}

function isInterval(v: unknown): v is Interval {
  const i = v as Interval;
  return typeof v === 'object' && v !== null && Number.isInteger(i.day) && typeof i.open === 'string' && typeof i.close === 'string';
}

function datesOf(value: unknown): string[] {
  const v = changeValue(value);
  return Array.isArray(v) ? v.filter((d): d is string => typeof d === 'string') : [];
}

function list(items: readonly string[], locale: string): string {
  try {
    return new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

/** "Binance XRPUSDT": the exchange as it spells itself, and its market. */
function venueText(v: Venue): string {
  return `${venueName(v.venue)} ${v.symbol}`;
}

const venueKey = (v: Venue) => `${v.venue}|${v.symbol.toUpperCase()}`;

function venuesText(c: ChangeLike, t: Translate, locale: string): string {
  const from = venuesOf(c.from);
  const to = venuesOf(c.to);
  if (from.length === 0 && to.length > 0) return t('market:changes.venuesFromSimulated', { list: list(to.map(venueText), locale) });
  if (to.length === 0 && from.length > 0) return t('market:changes.venuesToSimulated');
  const before = new Set(from.map(venueKey));
  const after = new Set(to.map(venueKey));
  const added = to.filter((v) => !before.has(venueKey(v)));
  const removed = from.filter((v) => !after.has(venueKey(v)));
  const parts: string[] = [];
  if (added.length) parts.push(t('market:changes.venuesAdded', { list: list(added.map(venueText), locale) }));
  if (removed.length) parts.push(t('market:changes.venuesRemoved', { list: list(removed.map(venueText), locale) }));
  return parts.length ? parts.join(t('market:changes.join')) : t('market:changes.venuesSame');
}

/** A weekday's short name in the reader's language (0 = Sunday, as the catalogue counts). */
export function weekdayName(day: number, locale: string): string {
  // 7 January 2024 was a Sunday.
  return new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 7 + day)));
}

/** Days as runs: three or more in a row as a range ("Mon–Fri"), others one by one. */
function daysText(days: readonly number[], t: Translate, locale: string): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const d of sorted) {
    const run = runs[runs.length - 1];
    if (run && run[run.length - 1] === d - 1) run.push(d);
    else runs.push([d]);
  }
  const parts = runs.flatMap((run) =>
    run.length >= 3
      ? [t('market:changes.dayRange', { from: weekdayName(run[0]!, locale), to: weekdayName(run[run.length - 1]!, locale) })]
      : run.map((d) => weekdayName(d, locale)),
  );
  return parts.join(t('market:changes.daySeparator'));
}

/**
 * Trading hours in short: days with the same hours together ("Mon–Fri 09:00–17:00"); a close at or before
 * the open is the next day's; null is around the clock.
 */
export function hoursText(value: unknown, t: Translate, locale: string): string {
  const v = changeValue(value);
  if (v === null || v === undefined) return t('market:changes.allDay');
  const intervals = Array.isArray(v) ? v.filter(isInterval) : [];
  if (intervals.length === 0) return t('market:changes.noHours');
  const groups = new Map<string, { open: string; close: string; days: number[] }>();
  for (const i of [...intervals].sort((a, b) => a.day - b.day || a.open.localeCompare(b.open))) {
    const key = `${i.open}|${i.close}`;
    const g = groups.get(key) ?? { open: i.open, close: i.close, days: [] };
    g.days.push(i.day);
    groups.set(key, g);
  }
  return [...groups.values()]
    .map((g) =>
      t('market:changes.interval', {
        days: daysText(g.days, t, locale),
        times: g.close > g.open ? t('market:changes.times', { open: g.open, close: g.close }) : t('market:changes.overnight', { open: g.open, close: g.close }),
      }),
    )
    .join(t('market:changes.join'));
}

/** An IANA time zone with its name in the reader's language when the device knows one ("America/New_York (Eastern Time)"). */
export function zoneText(value: unknown, t: Translate, locale: string): string {
  const v = changeValue(value);
  const id = typeof v === 'string' ? v : String(v);
  let name: string | undefined;
  try {
    name = new Intl.DateTimeFormat(locale, { timeZone: id, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')?.value;
  } catch {
    name = undefined; // not a zone this device knows: the id alone
  }
  return name && name !== id ? t('market:changes.zone', { id, name }) : id;
}

/** A calendar day (`YYYY-MM-DD`, no time zone) in the reader's language. */
function dateText(day: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))),
  );
}

function datesText(days: readonly string[], t: Translate, locale: string): string {
  const sorted = [...days].sort();
  const shown = sorted.slice(0, MAX_LISTED_DATES).map((d) => dateText(d, locale));
  const rest = sorted.length - shown.length;
  return rest > 0 ? t('market:changes.andMore', { list: shown.join(t('market:changes.daySeparator')), count: rest }) : list(shown, locale);
}

function holidaysText(c: ChangeLike, t: Translate, locale: string): string {
  const from = new Set(datesOf(c.from));
  const to = new Set(datesOf(c.to));
  const added = [...to].filter((d) => !from.has(d));
  const removed = [...from].filter((d) => !to.has(d));
  const parts: string[] = [];
  if (added.length) parts.push(t('market:changes.holidaysAdded', { list: datesText(added, t, locale) }));
  if (removed.length) parts.push(t('market:changes.holidaysRemoved', { list: datesText(removed, t, locale) }));
  return parts.length ? parts.join(t('market:changes.join')) : t('market:changes.holidaysSame');
}

/** What changes, without when: "Price decimals change from 5 to 2". */
export function describeChange(c: ChangeLike, t: Translate, locale: string): string {
  switch (c.field) {
    case 'precision':
      return t('market:changes.precision', { from: String(changeValue(c.from)), to: String(changeValue(c.to)) });
    case 'priceVenues':
      return venuesText(c, t, locale);
    case 'hours':
      return t('market:changes.hours', { from: hoursText(c.from, t, locale), to: hoursText(c.to, t, locale) });
    case 'timezone':
      return t('market:changes.timezone', { from: zoneText(c.from, t, locale), to: zoneText(c.to, t, locale) });
    case 'holidays':
      return holidaysText(c, t, locale);
    default:
      return t('market:changes.other', { field: c.field });
  }
}

/** What changes and when, in the reader's time zone: "Price decimals change from 5 to 2 on Dec 2, 2026, 16:00 (your time)". */
export function changeSentence(c: ChangeLike & { effectiveAt: string }, t: Translate, locale: string, timeZone?: string): string {
  return t('market:changes.sentence', { what: describeChange(c, t, locale), time: formatAnnouncedTime(c.effectiveAt, locale, timeZone) });
}

const REFUSED_REASONS: ReadonlySet<string> = new Set(['deviation', 'no_quote', 'precision']);

/**
 * Why a change was refused at its time, as a `market` key: a new exchange's price disagreed or it sent none,
 * or the new decimals would keep too few digits of the price then.
 */
export function refusedReasonKey(reason: string | null | undefined): string {
  return reason && REFUSED_REASONS.has(reason) ? `market:changes.refusedReason.${reason}` : 'market:changes.refusedReason.other';
}
