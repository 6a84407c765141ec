import type { Seeder } from '../database/seeder.js';
import { productsSeeder } from '../market/products.seeder.js';
import { earnSeeder } from '../earn/earn.seeder.js';
import { contentSeeder } from '../content/content.seeder.js';

/** The features' seed steps, run in this order by `migrateAndSeed`. */
export const SEEDERS: Seeder[] = [productsSeeder, earnSeeder, contentSeeder];
