import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity('invitation_codes')
export class InvitationCodeEntity {
  @PrimaryColumn({ type: 'varchar', length: 16 }) code: string;
  @Column({ name: 'owner_user_id', type: 'uuid', nullable: true }) ownerUserId: string | null;
  @Column({ name: 'created_by_operator_id', type: 'uuid', nullable: true }) createdByOperatorId: string | null;
  @Column({ type: 'boolean', default: true }) active: boolean;
  @Column({ type: 'int', default: 0 }) uses: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
