import 'reflect-metadata';
import { createDataSource } from './data-source.js';

/**
 * A data source for TypeORM's own CLI, which needs a module exporting one DataSource instance (data-source.ts
 * exports only factories) in JavaScript it can import (the built file, not the TypeScript source):
 *   DATABASE_URL=... npx typeorm migration:show -d libs/db/dist/typeorm-cli.js
 * Not exported from the package: importing it reads DATABASE_URL. `npm run migrate:*` does not need it.
 */
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set');
export default createDataSource(url);
