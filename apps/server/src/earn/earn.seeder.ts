import type { EntityManager } from 'typeorm';
import { EARN_DEFAULTS } from '@candor/domain';
import type { Seeder } from '../database/seeder.js';

/** The first version of Yu'e Bao's settings (1 % a day, 08:00 Taipei), once: operators change it from the console. */
export const earnSeeder: Seeder = {
  name: 'earn',
  async run(em: EntityManager, log: (line: string) => void): Promise<void> {
    const rows: unknown[] = await em.query(
      `INSERT INTO earn_settings (effective_date, effective_at, daily_rate, cutoff, timezone, min_amount, daily_in_limit, daily_out_limit)
       SELECT DATE '1970-01-01', TIMESTAMPTZ 'epoch', $1, $2, $3, $4, $5, $6
        WHERE NOT EXISTS (SELECT 1 FROM earn_settings) RETURNING id`,
      [
        EARN_DEFAULTS.dailyRate,
        EARN_DEFAULTS.cutoff,
        EARN_DEFAULTS.timezone,
        EARN_DEFAULTS.minAmountCents,
        EARN_DEFAULTS.dailyInLimit,
        EARN_DEFAULTS.dailyOutLimit,
      ],
    );
    if (rows.length) log(`settings: ${EARN_DEFAULTS.dailyRate} a day, cut-off ${EARN_DEFAULTS.cutoff} ${EARN_DEFAULTS.timezone}`);
  },
};
