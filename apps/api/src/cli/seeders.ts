import type { EntityManager } from 'typeorm';
import { productsSeeder } from '../market/products.seeder.js';

/** Idempotent seed steps beyond the foundation (products, content, ...). Each must be safe to run on every start. */
export interface Seeder { name: string; run(em: EntityManager, log: (line: string) => void): Promise<void> }
export const SEEDERS: Seeder[] = [productsSeeder];
