import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { WithdrawalAccountType } from '@candor/db';

export interface WithdrawalAccountRow {
  type: WithdrawalAccountType;
  account_name: string;
  nationality: string;
  bank: string | null;
  card_number: string | null;
  region: string | null;
  currency_address: string | null;
  network: string | null;
  hold_until: Date | null;
  updated_at: Date;
}
export type WithdrawalAccountFields = Omit<WithdrawalAccountRow, 'hold_until' | 'updated_at'>;

const COLUMNS = 'type, account_name, nationality, bank, card_number, region, currency_address, network, hold_until, updated_at';

@Injectable()
export class WithdrawalAccountRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async find(userId: string, em: EntityManager = this.ds.manager, lock = false): Promise<WithdrawalAccountRow | null> {
    const [row]: WithdrawalAccountRow[] = await em.query(`SELECT ${COLUMNS} FROM withdrawal_accounts WHERE user_id = $1${lock ? ' FOR UPDATE' : ''}`, [userId]);
    return row ?? null;
  }

  /** Binds or replaces the account in one statement; replacing it with different details starts the hold. */
  async upsert(em: EntityManager, userId: string, a: WithdrawalAccountFields, holdHours: number): Promise<WithdrawalAccountRow> {
    const [row]: WithdrawalAccountRow[] = await em.query(
      `INSERT INTO withdrawal_accounts AS w (user_id, type, account_name, nationality, bank, card_number, region, currency_address, network)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (user_id) DO UPDATE SET
         type = EXCLUDED.type, account_name = EXCLUDED.account_name, nationality = EXCLUDED.nationality, bank = EXCLUDED.bank,
         card_number = EXCLUDED.card_number, region = EXCLUDED.region, currency_address = EXCLUDED.currency_address, network = EXCLUDED.network,
         hold_until = CASE
           WHEN (w.type, w.account_name, w.nationality, w.bank, w.card_number, w.region, w.currency_address, w.network)
                IS DISTINCT FROM (EXCLUDED.type, EXCLUDED.account_name, EXCLUDED.nationality, EXCLUDED.bank, EXCLUDED.card_number,
                                  EXCLUDED.region, EXCLUDED.currency_address, EXCLUDED.network)
           THEN now() + make_interval(hours => $10) ELSE w.hold_until END,
         updated_at = now()
       RETURNING ${COLUMNS}`,
      [userId, a.type, a.account_name, a.nationality, a.bank, a.card_number, a.region, a.currency_address, a.network, holdHours],
    );
    return row!;
  }
}
