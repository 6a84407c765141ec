import type { EntityManager } from 'typeorm';
import type { EarnSettings } from '@candor/contracts';
import {
  addDays,
  annualizedCompounded,
  annualizedSimple,
  cutoffOn,
  formatCents,
  localDate,
  normalizeDecimal,
  type Cents,
  type EarnCalendar,
} from '@candor/domain';
import { toCents } from '../database/rows.js';
import { selectHolidays, selectVersions, type VersionRow } from './earn-settings.queries.js';

/** One version of Yu'e Bao's settings (a row of earn_settings). */
export interface EarnVersion {
  id: string;
  effectiveDate: string;
  effectiveAt: Date;
  dailyRate: string;
  cutoff: string;
  timezone: string;
  minAmount: Cents;
  dailyInLimit: number;
  dailyOutLimit: number;
  operatorId: string | null;
  createdAt: Date;
}

function toVersion(r: VersionRow): EarnVersion {
  return {
    id: String(r.id),
    effectiveDate: r.effective_date,
    effectiveAt: new Date(r.effective_at),
    dailyRate: normalizeDecimal(r.daily_rate),
    cutoff: r.cutoff,
    timezone: r.timezone,
    minAmount: toCents(r.min_amount),
    dailyInLimit: r.daily_in_limit,
    dailyOutLimit: r.daily_out_limit,
    operatorId: r.operator_id,
    createdAt: new Date(r.created_at),
  };
}

export function toSettingsView(v: EarnVersion): EarnSettings {
  return {
    id: v.id,
    effectiveDate: v.effectiveDate,
    effectiveAt: v.effectiveAt.toISOString(),
    dailyRate: v.dailyRate,
    annualizedRate: annualizedSimple(v.dailyRate),
    annualizedRateCompounded: annualizedCompounded(v.dailyRate),
    cutoff: v.cutoff,
    timezone: v.timezone,
    minAmount: formatCents(v.minAmount),
    dailyInLimit: v.dailyInLimit,
    dailyOutLimit: v.dailyOutLimit,
    operatorId: v.operatorId,
    createdAt: v.createdAt.toISOString(),
  };
}

/**
 * All versions of the settings, and which one governs what (docs/earn.md, "Settings"). A version never
 * changes; a new one governs the income days from its effective date on (their rate, and the cut-off that
 * starts them), and transfers from its effective instant on (the first cut-off it governs).
 */
export class EarnVersions {
  /** Oldest first by id. */
  private readonly versions: EarnVersion[];

  constructor(versions: readonly EarnVersion[]) {
    if (versions.length === 0) throw new Error("Yu'e Bao has no settings: run the seed");
    this.versions = [...versions].sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)));
  }

  /** Newest first, as the console lists them. */
  all(): EarnVersion[] {
    return [...this.versions].reverse();
  }

  /** The newest version. */
  latest(): EarnVersion {
    return this.versions[this.versions.length - 1]!;
  }

  /** The version governing income date `date` (its rate, and the cut-off that starts it): the newest one in effect by then. */
  forDate(date: string): EarnVersion {
    let found = this.versions[0]!;
    for (const v of this.versions) if (v.effectiveDate <= date) found = v;
    return found;
  }

  /** The version transfers follow at `at`: the newest one whose effective instant has come. */
  inForceAt(at: Date): EarnVersion {
    let found = this.versions[0]!;
    for (const v of this.versions) if (v.effectiveAt.getTime() <= at.getTime()) found = v;
    return found;
  }

  /** The cut-off instant on local date `date` (the start of income day `date`, the posting of `date - 1`). */
  cutoffOn(date: string): Date {
    return cutoffOn(date, this.forDate(date));
  }

  /** The next posting after `at`: its date and instant (the cut-off of the first date whose cut-off is later). */
  nextPosting(at: Date): { date: string; at: Date } {
    // From yesterday in the zone in force: a cut-off is at most a day and a zone change away.
    let date = addDays(localDate(at, this.inForceAt(at).timezone), -1);
    for (let i = 0; i < 4; i++, date = addDays(date, 1)) {
      const instant = this.cutoffOn(date);
      if (instant.getTime() > at.getTime()) return { date, at: instant };
    }
    throw new Error('no next posting within three days');
  }

  /**
   * Where a version made at `at` with the cut-off and zone of `next` starts (never in the past, never
   * before a version already waiting): the first date from the next posting on whose cut-off is still to
   * come under both the settings governing it now and the new ones; it starts at its own cut-off that day.
   */
  effectiveFor(at: Date, next: Pick<EarnVersion, 'timezone' | 'cutoff'>): { date: string; at: Date } {
    let date = this.nextPosting(at).date;
    if (this.latest().effectiveDate > date) date = this.latest().effectiveDate;
    for (let i = 0; i < 4; i++, date = addDays(date, 1)) {
      const start = cutoffOn(date, next);
      if (start.getTime() > at.getTime() && this.cutoffOn(date).getTime() > at.getTime()) return { date, at: start };
    }
    throw new Error('no effective date within three days');
  }

  /** The calendar for a transfer at `at`. */
  calendarAt(at: Date, holidays: ReadonlySet<string>): EarnCalendar {
    const v = this.inForceAt(at);
    return { timezone: v.timezone, cutoff: v.cutoff, holidays };
  }
}

export async function loadVersions(em: EntityManager): Promise<EarnVersions> {
  return new EarnVersions((await selectVersions(em)).map(toVersion));
}

/** Holidays from `from` on (a lot's dates need only the days after its transfer). */
export async function loadHolidays(em: EntityManager, from: string): Promise<Set<string>> {
  return new Set(await selectHolidays(em, from));
}
