import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Append-only: the database refuses UPDATE, DELETE and TRUNCATE on this table (see the Init migration). */
@Entity('audit_log')
export class AuditLogEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ name: 'operator_id', type: 'uuid', nullable: true }) operatorId: string | null;
  @Column({ type: 'varchar', length: 16, default: 'operator' }) actor: 'operator' | 'system';
  @Column({ type: 'varchar', length: 64 }) action: string;
  @Column({ name: 'target_type', type: 'varchar', length: 32, nullable: true }) targetType: string | null;
  @Column({ name: 'target_id', type: 'varchar', length: 64, nullable: true }) targetId: string | null;
  @Column({ name: 'user_id', type: 'uuid', nullable: true }) userId: string | null;
  @Column({ type: 'jsonb', default: {} }) details: Record<string, unknown>;
  @Column({ type: 'varchar', length: 64, nullable: true }) ip: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
