import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

// Yu'e Bao (migration Earn). bigint columns come back from pg as strings; dates as 'YYYY-MM-DD' strings.

/** One version of the settings; a change is a new row, governing postings from `effectiveDate` on and transfers from `effectiveAt`. */
@Entity('earn_settings')
export class EarnSettingsEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ name: 'effective_date', type: 'date' }) effectiveDate: string;
  @Column({ name: 'effective_at', type: 'timestamptz' }) effectiveAt: Date;
  @Column({ name: 'daily_rate', type: 'numeric', precision: 12, scale: 8 }) dailyRate: string;
  @Column({ type: 'varchar', length: 5 }) cutoff: string;
  @Column({ type: 'varchar', length: 64 }) timezone: string;
  @Column({ name: 'min_amount', type: 'bigint' }) minAmount: string;
  @Column({ name: 'daily_in_limit', type: 'int' }) dailyInLimit: number;
  @Column({ name: 'daily_out_limit', type: 'int' }) dailyOutLimit: number;
  @Column({ name: 'operator_id', type: 'uuid', nullable: true }) operatorId: string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

@Entity('earn_holidays')
export class EarnHolidayEntity {
  @PrimaryColumn({ type: 'date' }) date: string;
  @Column({ type: 'varchar', length: 100 }) name: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}

/** A user who ever transferred in: income not yet transferred out, and all income paid. */
@Entity('earn_holders')
export class EarnHolderEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' }) userId: string;
  @Column({ name: 'income_remaining', type: 'bigint' }) incomeRemaining: string;
  @Column({ name: 'income_total', type: 'bigint' }) incomeTotal: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

export type EarnDirection = 'in' | 'out';
export type EarnTransferStatus = 'pending' | 'confirmed' | 'done';

/** A transfer in (a lot: its schedule and what is left of it) or out. */
@Entity('earn_transfers')
export class EarnTransferEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  @Column({ type: 'varchar', length: 3 }) direction: EarnDirection;
  @Column({ type: 'bigint' }) amount: string;
  @Column({ type: 'varchar', length: 10 }) status: EarnTransferStatus;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ type: 'bigint', nullable: true }) remaining: string | null;
  @Column({ name: 'trade_date', type: 'date', nullable: true }) tradeDate: string | null;
  @Column({ name: 'confirm_date', type: 'date', nullable: true }) confirmDate: string | null;
  @Column({ name: 'confirm_at', type: 'timestamptz', nullable: true }) confirmAt: Date | null;
  @Column({ name: 'first_income_on', type: 'date', nullable: true }) firstIncomeOn: string | null;
  @Column({ name: 'withdrawable_at', type: 'timestamptz', nullable: true }) withdrawableAt: Date | null;
  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true }) confirmedAt: Date | null;
}

/** What one transfer out took from the income (no lot) or from one lot. */
@Entity('earn_out_parts')
export class EarnOutPartEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ name: 'out_id', type: 'bigint' }) outId: string;
  @Column({ name: 'lot_id', type: 'bigint', nullable: true }) lotId: string | null;
  @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  @Column({ type: 'varchar', length: 10 }) source: 'income' | 'pending' | 'confirmed';
  @Column({ type: 'bigint' }) amount: string;
  @Column({ type: 'timestamptz' }) at: Date;
}

/** One user's income of one date (the primary key makes it once, ever). */
@Entity('earn_income')
export class EarnIncomeEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' }) userId: string;
  @PrimaryColumn({ type: 'date' }) date: string;
  @Column({ type: 'bigint' }) amount: string;
  @Column({ type: 'bigint' }) basis: string;
  @Column({ name: 'posted_at', type: 'timestamptz' }) postedAt: Date;
}

/** The posting of one income date: started, the totals so far, finished once every holder is paid. */
@Entity('earn_runs')
export class EarnRunEntity {
  @PrimaryColumn({ type: 'date' }) date: string;
  @Column({ name: 'posting_at', type: 'timestamptz' }) postingAt: Date;
  @Column({ name: 'settings_id', type: 'bigint' }) settingsId: string;
  @Column({ name: 'daily_rate', type: 'numeric', precision: 12, scale: 8 }) dailyRate: string;
  @Column({ type: 'int' }) holders: number;
  @Column({ name: 'basis_total', type: 'bigint' }) basisTotal: string;
  @Column({ name: 'income_total', type: 'bigint' }) incomeTotal: string;
  @Column({ name: 'started_at', type: 'timestamptz' }) startedAt: Date;
  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true }) finishedAt: Date | null;
}
