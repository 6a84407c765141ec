import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions } from '@candor/db';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

/** TypeORM on Postgres. Migrations are run by `cli/migrate` (never synchronize, never from the worker). */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (c: AppConfig) => dataSourceOptions(c.DATABASE_URL, { extra: { max: c.DB_POOL_SIZE } }),
    }),
  ],
})
export class DatabaseModule {}
