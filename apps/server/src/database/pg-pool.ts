import type { DataSource } from 'typeorm';

/** The part of pg's Pool used for named statements. */
export interface PgPool {
  query<R>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: R[] }>;
}

/**
 * The pg pool under TypeORM (its driver's `master`), for named statements, which TypeORM's query() cannot
 * send: a named statement is parsed and planned once per connection, not on every call.
 */
export function pgPool(ds: DataSource): PgPool {
  return (ds.driver as unknown as { master: PgPool }).master;
}
