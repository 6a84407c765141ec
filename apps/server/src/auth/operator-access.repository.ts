import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { OperatorRole } from '@candor/contracts';

/** The console guard's one read of `operators` (the admin feature owns the rest of that table). */
@Injectable()
export class OperatorAccessRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The operator's role as stored now and whether the account is disabled, or null. */
  async findRole(id: string): Promise<{ role: OperatorRole; disabled: boolean } | null> {
    const [op]: { role: OperatorRole; disabled: boolean }[] = await this.ds.query(
      `SELECT role, disabled_at IS NOT NULL AS disabled FROM operators WHERE id = $1`,
      [id],
    );
    return op ?? null;
  }
}
