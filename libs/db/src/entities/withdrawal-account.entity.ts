import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type WithdrawalAccountType = 'bank' | 'crypto';

/** A user's one withdrawal account; the full card number or address is shown only to its owner and to reviewers. */
@Entity('withdrawal_accounts')
export class WithdrawalAccountEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' }) userId: string;
  @Column({ type: 'varchar', length: 8 }) type: WithdrawalAccountType;
  @Column({ name: 'account_name', type: 'varchar', length: 64 }) accountName: string;
  @Column({ type: 'varchar', length: 64 }) nationality: string;
  @Column({ type: 'varchar', length: 64, nullable: true }) bank: string | null;
  @Column({ name: 'card_number', type: 'varchar', length: 19, nullable: true }) cardNumber: string | null;
  @Column({ type: 'varchar', length: 64, nullable: true }) region: string | null;
  @Column({ name: 'currency_address', type: 'varchar', length: 90, nullable: true }) currencyAddress: string | null;
  @Column({ type: 'varchar', length: 8, nullable: true }) network: string | null;
  @Column({ name: 'hold_until', type: 'timestamptz', nullable: true }) holdUntil: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
