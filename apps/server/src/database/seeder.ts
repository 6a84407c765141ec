import type { EntityManager } from 'typeorm';

/** An idempotent seed step of a feature (products, content, ...): safe to run on every start. */
export interface Seeder {
  name: string;
  run(em: EntityManager, log: (line: string) => void): Promise<void>;
}
