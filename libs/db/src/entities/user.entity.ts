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
  /** The uploaded photo (an `uploads` row of purpose `avatar`), null for the generated initial. Migration 1765800000720. */
  @Column({ name: 'avatar_upload_id', type: 'uuid', nullable: true }) avatarUploadId: string | null;
  /** The SHA-256 of that photo's bytes: its public name. Set and cleared with `avatarUploadId`. */
  @Column({ name: 'avatar_sha256', type: 'char', length: 64, nullable: true }) avatarSha256: string | null;
  /** AES-256-GCM of the base32 TOTP secret under USER_TOTP_ENCRYPTION_KEY; null while two-factor sign-in is off. Migration 1766000000200. */
  @Column({ name: 'totp_secret_enc', type: 'text', nullable: true }) totpSecretEnc: string | null;
  @Column({ name: 'totp_enabled_at', type: 'timestamptz', nullable: true }) totpEnabledAt: Date | null;
  /** The last accepted TOTP time step: a code of this step or earlier is refused (replay). */
  @Column({ name: 'totp_last_step', type: 'bigint', nullable: true }) totpLastStep: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
