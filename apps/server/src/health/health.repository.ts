import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** The health checks' one statement: whether Postgres answers at all. */
@Injectable()
export class HealthRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Resolves when Postgres answered a trivial statement; rejects when it did not. */
  async ping(): Promise<void> {
    await this.ds.query('SELECT 1');
  }

  /** Whether every migration this build knows has run (false while one is pending, e.g. mid-upgrade). */
  async migrationsCurrent(): Promise<boolean> {
    return !(await this.ds.showMigrations());
  }
}
