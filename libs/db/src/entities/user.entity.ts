import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { KycStatus } from '@candor/domain';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'varchar', length: 254 }) email: string;
  @Column({ type: 'varchar', length: 20 }) phone: string;
  @Column({ type: 'varchar', length: 32 }) nickname: string;
  @Column({ name: 'password_hash', type: 'text' }) passwordHash: string;
  @Column({ name: 'trade_password_hash', type: 'text' }) tradePasswordHash: string;
  @Column({ name: 'trade_password_failures', type: 'int', default: 0 }) tradePasswordFailures: number;
  @Column({ name: 'trade_password_locked_until', type: 'timestamptz', nullable: true }) tradePasswordLockedUntil: Date | null;
  @Column({ name: 'invite_code', type: 'varchar', length: 16 }) inviteCode: string;
  @Column({ name: 'invited_by_user_id', type: 'uuid', nullable: true }) invitedByUserId: string | null;
  @Column({ name: 'registration_code', type: 'varchar', length: 16 }) registrationCode: string;
  @Column({ name: 'credit_score', type: 'int', default: 100 }) creditScore: number;
  @Column({ name: 'kyc_status', type: 'varchar', length: 16, default: 'not_submitted' }) kycStatus: KycStatus;
  @Column({ type: 'varchar', length: 16, default: 'ordinary' }) level: 'ordinary';
  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true }) disabledAt: Date | null;
  @Column({ name: 'disabled_reason', type: 'text', nullable: true }) disabledReason: string | null;
  /** When the link mailed to `email` was used; null until then (withdrawals wait for it). Migration 1765500000000. */
  @Column({ name: 'email_confirmed_at', type: 'timestamptz', nullable: true }) emailConfirmedAt: Date | null;
  /** A new address waiting for its confirmation link; `email` stays in use until then. */
  @Column({ name: 'pending_email', type: 'varchar', length: 254, nullable: true }) pendingEmail: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
