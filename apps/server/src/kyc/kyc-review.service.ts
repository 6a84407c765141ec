import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AdminKycDetail, AdminKycSubmission, KycRejectBody, Page } from '@candor/contracts';
import { nextKycState, type KycEvent, type KycSide } from '@candor/domain';
import { DomainError } from '../common/domain-error.js';
import { isUuid, keysetCursor, parseKeysetCursor } from '../common/keyset.js';
import { AuditService } from '../admin/audit.service.js';
import { SystemMessages } from '../messages/system-messages.js';
import { EventBus } from '../events/event-bus.js';
import { UploadsService } from '../uploads/uploads.service.js';
import { KycRepository, type KycRow } from './kyc.repository.js';
import { toAdminKyc, toAdminKycDetail } from './kyc-view.js';

type Decision = { event: 'approve' } | { event: 'reject'; body: KycRejectBody };

/**
 * Reviewers' side of verification: the queue, each photo view audited (the user reads it in their operator
 * actions), and decisions that move the one state machine, with the user's message in the same transaction.
 */
@Injectable()
export class KycReviewService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly repo: KycRepository,
    private readonly uploads: UploadsService,
    private readonly audit: AuditService,
    private readonly messages: SystemMessages,
    private readonly events: EventBus,
  ) {}

  async list(q: { status?: KycRow['status']; limit?: number; cursor?: string }): Promise<Page<AdminKycSubmission>> {
    const status = q.status ?? 'pending';
    const limit = q.limit ?? 20;
    const rows = await this.repo.list(status, limit + 1, parseKeysetCursor(q.cursor));
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return { items: items.map(toAdminKyc), nextCursor: rows.length > limit && last?.position ? keysetCursor(last.position, last.id) : null };
  }

  async detail(id: string): Promise<AdminKycDetail> {
    const row = await this.find(id);
    return toAdminKycDetail(row, await this.repo.forUser(row.user_id));
  }

  /** One photo for a reviewer: the view is audited first, and a view that cannot be audited is not served. */
  async image(operatorId: string, id: string, side: KycSide, ip: string | null): Promise<{ data: Buffer; contentType: string }> {
    const row = await this.find(id);
    const image = row.images_removed_at ? null : await this.uploads.read(side === 'front' ? row.front_upload_id : row.back_upload_id);
    if (!image) throw new DomainError('NOT_FOUND');
    await this.audit.record({
      operatorId,
      action: 'user.documents_viewed',
      targetType: 'kyc',
      targetId: id,
      userId: row.user_id,
      details: { kind: 'documents', side, attempt: row.attempt },
      ip,
    });
    return image;
  }

  approve(operatorId: string, id: string, ip: string | null): Promise<AdminKycSubmission> {
    return this.decide(operatorId, id, { event: 'approve' }, ip);
  }

  reject(operatorId: string, id: string, body: KycRejectBody, ip: string | null): Promise<AdminKycSubmission> {
    return this.decide(operatorId, id, { event: 'reject', body }, ip);
  }

  private async decide(operatorId: string, id: string, d: Decision, ip: string | null): Promise<AdminKycSubmission> {
    if (!isUuid(id)) throw new DomainError('NOT_FOUND');
    const event: KycEvent = d.event === 'approve' ? 'approve' : d.body.final ? 'reject_final' : 'reject_retry';
    const { row, messageId } = await this.ds.transaction(async (em) => {
      const current = await this.repo.lock(em, id);
      if (!current) throw new DomainError('NOT_FOUND');
      const next = nextKycState({ status: current.status, final: current.final }, event);
      if (!next || next.status === 'pending' || next.status === 'not_submitted') throw new DomainError('ALREADY_DECIDED');
      const rejected = d.event === 'reject' ? d.body : null;
      await this.repo.decide(em, id, {
        status: next.status,
        final: next.final,
        operatorId,
        reason: rejected?.reason ?? null,
        message: rejected?.message || null,
        note: rejected?.note || null,
      });
      await this.repo.setUserStatus(em, current.user_id, next.status);
      // The note stays on the submission for operators; the audit line carries only what the user may read.
      await this.audit.record(
        {
          operatorId,
          action: next.status === 'verified' ? 'kyc.approve' : 'kyc.reject',
          targetType: 'kyc',
          targetId: id,
          userId: current.user_id,
          details: { attempt: current.attempt, ...(rejected ? { reason: rejected.reason, final: next.final } : {}) },
          ip,
        },
        em,
      );
      const key = next.status === 'verified' ? 'kycApproved' : next.final ? 'kycRejectedFinal' : 'kycRejected';
      const messageId = await this.messages.write(em, current.user_id, key, { reasonCode: rejected?.reason ?? '', message: rejected?.message ?? '' });
      return { row: (await this.repo.get(id, em))!, messageId };
    });
    await this.events.publish('kyc.decided', {
      userId: row.user_id,
      submissionId: row.id,
      status: row.status === 'verified' ? 'verified' : 'rejected',
      final: row.final,
      reason: row.reason,
      messageId,
    });
    return toAdminKyc(row);
  }

  private async find(id: string): Promise<KycRow> {
    const row = isUuid(id) ? await this.repo.get(id) : null;
    if (!row) throw new DomainError('NOT_FOUND');
    return row;
  }
}
