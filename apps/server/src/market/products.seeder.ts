import type { EntityManager } from 'typeorm';
import type { Seeder } from '../database/seeder.js';
import { SEED_PRODUCTS } from './products.seed-data.js';

/** Seeds the product catalogue once: a product that exists (perhaps edited by operators) is left alone. */
export const productsSeeder: Seeder = {
  name: 'products',
  async run(em: EntityManager, log: (line: string) => void): Promise<void> {
    let added = 0;
    for (const p of SEED_PRODUCTS) {
      const rows: unknown[] = await em.query(
        `INSERT INTO products (symbol, category, names, precision, timezone, hours, holidays, expiries, min_stake, max_stake, recommended, enabled, sort, price_venues)
         VALUES ($1, $2, $3::jsonb, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb, $9, $10, $11, true, $12, $13::jsonb)
         ON CONFLICT (symbol) DO NOTHING RETURNING symbol`,
        [
          p.symbol,
          p.category,
          JSON.stringify(p.names),
          p.precision,
          p.timezone,
          p.hours === null ? null : JSON.stringify(p.hours),
          JSON.stringify(p.holidays),
          JSON.stringify(p.expiries),
          p.minStakeCents,
          p.maxStakeCents,
          p.recommended,
          p.sort,
          JSON.stringify(p.venues),
        ],
      );
      added += rows.length;
    }
    log(added ? `${added} products added` : 'products: up to date');
  },
};
