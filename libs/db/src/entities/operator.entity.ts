import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { OperatorRole } from '@candor/contracts';

@Entity('operators')
export class OperatorEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'varchar', length: 254 }) email: string;
  @Column({ name: 'password_hash', type: 'text' }) passwordHash: string;
  @Column({ type: 'varchar', length: 16 }) role: OperatorRole;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
