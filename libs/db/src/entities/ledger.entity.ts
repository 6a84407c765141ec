import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { EntryType } from '@candor/contracts';

export const USER_ACCOUNT_KINDS = ['cash', 'hold', 'escrow', 'earn_pending', 'earn_confirmed', 'demo', 'demo_escrow'] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];
export const PLATFORM_ACCOUNT_KINDS = ['house', 'interest_expense', 'deposits_clearing', 'withdrawals_clearing', 'demo_issuer', 'demo_house'] as const;
export type PlatformAccountKind = (typeof PLATFORM_ACCOUNT_KINDS)[number];
export type AccountKind = UserAccountKind | PlatformAccountKind;

// The journal's entry types are part of the api (the capital records' `type`): defined once in libs/contracts.
export { ENTRY_TYPES, type EntryType } from '@candor/contracts';

/** Balances are bigint cents; bigint columns come back from pg as strings. */
@Entity('ledger_accounts')
export class LedgerAccountEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ name: 'user_id', type: 'uuid', nullable: true }) userId: string | null;
  @Column({ type: 'varchar', length: 24 }) kind: AccountKind;
  @Column({ type: 'bigint', default: 0 }) balance: string;
  @Column({ name: 'allow_negative', type: 'boolean', default: false }) allowNegative: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

@Entity('journal_entries')
export class JournalEntryEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ name: 'entry_no', type: 'varchar', length: 32 }) entryNo: string;
  @Column({ type: 'varchar', length: 24 }) type: EntryType;
  @Column({ name: 'user_id', type: 'uuid', nullable: true }) userId: string | null;
  @Column({ name: 'ref_type', type: 'varchar', length: 24, nullable: true }) refType: string | null;
  @Column({ name: 'ref_id', type: 'varchar', length: 64, nullable: true }) refId: string | null;
  @Column({ name: 'unique_key', type: 'varchar', length: 128, nullable: true }) uniqueKey: string | null;
  @Column({ type: 'text', nullable: true }) memo: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

@Entity('postings')
export class PostingEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ name: 'entry_id', type: 'bigint' }) entryId: string;
  @Column({ name: 'account_id', type: 'bigint' }) accountId: string;
  @Column({ type: 'bigint' }) amount: string;
  @Column({ name: 'balance_after', type: 'bigint' }) balanceAfter: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

@Entity('idempotency_keys')
export class IdempotencyKeyEntity {
  @Column({ name: 'subject_id', type: 'uuid', primary: true }) subjectId: string;
  @Column({ type: 'varchar', length: 128, primary: true }) key: string;
  @Column({ type: 'varchar', length: 80 }) scope: string;
  @Column({ name: 'request_hash', type: 'char', length: 64 }) requestHash: string;
  @Column({ name: 'status_code', type: 'int', nullable: true }) statusCode: number | null;
  @Column({ type: 'jsonb', nullable: true }) response: unknown;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
