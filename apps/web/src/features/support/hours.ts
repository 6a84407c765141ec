/**
 * The support hours as `GET /api/app-info` gives them (`09:00-21:00 (UTC+8)`): whether the desk is staffed at a
 * moment, and when it opens next. A text of another shape is shown as given, with no open/closed claim.
 */
export interface SupportHours {
  /** Minutes after midnight in the desk's zone. */
  start: number;
  end: number;
  /** The zone's offset from UTC, in minutes. */
  offset: number;
}

const SHAPE = /^(\d{2}):(\d{2})\s*-\s*(\d{2}):(\d{2})\s*\(UTC([+-])(\d{1,2})(?::(\d{2}))?\)$/;
const DAY = 24 * 60;

export function parseSupportHours(text: string | undefined): SupportHours | null {
  const m = text ? SHAPE.exec(text.trim()) : null;
  if (!m) return null;
  const [h1, m1, h2, m2] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
  if (h1 > 24 || h2 > 24 || m1 > 59 || m2 > 59) return null;
  const offset = (m[5] === '-' ? -1 : 1) * (Number(m[6]) * 60 + Number(m[7] ?? 0));
  return { start: h1 * 60 + m1, end: h2 * 60 + m2, offset };
}

/** Minutes after midnight in the desk's zone at `now`. */
function minuteOfDay(hours: SupportHours, now: Date): number {
  const utc = now.getUTCHours() * 60 + now.getUTCMinutes();
  return (((utc + hours.offset) % DAY) + DAY) % DAY;
}

/** Whether the desk is staffed at `now` (hours past midnight, such as 22:00-06:00, wrap). */
export function isOpen(hours: SupportHours, now: Date): boolean {
  const t = minuteOfDay(hours, now);
  if (hours.start === hours.end) return true;
  return hours.start < hours.end ? t >= hours.start && t < hours.end : t >= hours.start || t < hours.end;
}

/** The next moment the desk opens after `now` (when closed), to the minute. */
export function nextOpening(hours: SupportHours, now: Date): Date {
  const t = minuteOfDay(hours, now);
  const wait = (((hours.start - t) % DAY) + DAY) % DAY;
  const at = new Date(now.getTime() + wait * 60_000);
  at.setUTCSeconds(0, 0);
  return at;
}
