import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** The one row of blocked_countries. */
export interface BlockedCountriesRow {
  phone: string[];
  nationality: string[];
  message: Record<string, string>;
  updated_at: Date;
  updated_by: string | null;
}

const COLUMNS = `phone, nationality, message, updated_at, updated_by::text`;

/** The blocked countries' SQL: one row, read by registration, verification and the app's info, written by admins. */
@Injectable()
export class BlockedCountriesRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The list (a missing row reads as an empty list). */
  async read(em: EntityManager = this.ds.manager): Promise<BlockedCountriesRow | null> {
    const [row]: BlockedCountriesRow[] = await em.query(`SELECT ${COLUMNS} FROM blocked_countries WHERE id = 1`);
    return row ?? null;
  }

  /** The list, locked until `em`'s transaction ends (one change at a time, each audited with what it replaced). */
  async lock(em: EntityManager): Promise<BlockedCountriesRow | null> {
    const [row]: BlockedCountriesRow[] = await em.query(`SELECT ${COLUMNS} FROM blocked_countries WHERE id = 1 FOR UPDATE`);
    return row ?? null;
  }

  async write(em: EntityManager, v: { phone: string[]; nationality: string[]; message: Record<string, string>; operatorId: string; now: Date }): Promise<void> {
    await em.query(
      `INSERT INTO blocked_countries (id, phone, nationality, message, updated_at, updated_by) VALUES (1, $1::text[], $2::text[], $3::jsonb, $4, $5)
       ON CONFLICT (id) DO UPDATE SET phone = EXCLUDED.phone, nationality = EXCLUDED.nationality, message = EXCLUDED.message,
                                      updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
      [v.phone, v.nationality, JSON.stringify(v.message), v.now, v.operatorId],
    );
  }
}
