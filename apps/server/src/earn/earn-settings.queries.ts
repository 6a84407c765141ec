import type { EntityManager } from 'typeorm';

/** A row of earn_settings (one version of Yu'e Bao's settings), dates as text. */
export interface VersionRow {
  id: string;
  effective_date: string;
  effective_at: Date;
  daily_rate: string;
  cutoff: string;
  timezone: string;
  min_amount: string;
  daily_in_limit: number;
  daily_out_limit: number;
  operator_id: string | null;
  created_at: Date;
}

const VERSION_COLUMNS = `id::text, effective_date::text, effective_at, daily_rate::text, cutoff, timezone, min_amount, daily_in_limit, daily_out_limit, operator_id, created_at`;

// The reads behind loadVersions/loadHolidays (earn-settings.ts): plain functions of `em`, as the api, the
// worker's job and its scheduler all read the settings, some inside a transaction.

/** Every version of the settings, oldest first. */
export async function selectVersions(em: EntityManager): Promise<VersionRow[]> {
  return em.query(`SELECT ${VERSION_COLUMNS} FROM earn_settings ORDER BY id`);
}

/** The holiday dates from `from` on. */
export async function selectHolidays(em: EntityManager, from: string): Promise<string[]> {
  const rows: { date: string }[] = await em.query(`SELECT date::text AS date FROM earn_holidays WHERE date >= $1::date`, [from]);
  return rows.map((r) => r.date);
}
