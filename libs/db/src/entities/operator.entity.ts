import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { OperatorRole } from '@candor/contracts';

@Entity('operators')
export class OperatorEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'varchar', length: 254 }) email: string;
  @Column({ name: 'password_hash', type: 'text' }) passwordHash: string;
  @Column({ type: 'varchar', length: 16 }) role: OperatorRole;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true }) disabledAt: Date | null;
  /** AES-256-GCM of the base32 TOTP secret (see the api's totp-crypto); null until enrolled. */
  @Column({ name: 'totp_secret_enc', type: 'text', nullable: true }) totpSecretEnc: string | null;
  @Column({ name: 'totp_enrolled_at', type: 'timestamptz', nullable: true }) totpEnrolledAt: Date | null;
  /** The last accepted TOTP time step: a code of this step or earlier is refused (replay). */
  @Column({ name: 'totp_last_step', type: 'bigint', nullable: true }) totpLastStep: string | null;
}
