import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Deposit, Locale } from '@candor/contracts';
import { DomainError } from '../common/domain-error.js';
import { isUuid } from '../common/keyset.js';
import { AuditService } from '../admin/audit.service.js';
import { UploadsService } from '../uploads/uploads.service.js';
import { cleanImage, ImageRejected } from '../uploads/image-pipeline.js';
import type { MultipartForm } from '../uploads/multipart.js';
import { DepositsRepository } from './deposits.repository.js';
import { toDeposit } from './deposits.service.js';

/** A deposit's optional payment slip: one image, attached by its owner while it is in review, seen by reviewers. */
@Injectable()
export class DepositSlipsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly deposits: DepositsRepository,
    private readonly uploads: UploadsService,
    private readonly audit: AuditService,
  ) {}

  async attach(userId: string, id: string, form: MultipartForm, locale: Locale): Promise<Deposit> {
    const current = isUuid(id) ? await this.deposits.get(userId, id) : null;
    if (!current) throw new DomainError('NOT_FOUND');
    // Checked before the image is decoded; the update below checks again, against a second tab.
    if (current.status !== 'in_review' || current.slip_upload_id) throw new DomainError('SLIP_NOT_ACCEPTED');
    const file = form.files.slip;
    if (!file || file.length === 0) throw new DomainError('IMAGE_INVALID', 'slip', {}, { reason: 'missing' });
    const image = await cleanImage(file, 'slip').catch((e: unknown) => {
      throw e instanceof ImageRejected ? new DomainError('IMAGE_INVALID', 'slip', {}, { reason: e.reason }) : e;
    });
    const saved = await this.uploads.save({ ownerUserId: userId, purpose: 'deposit_slip', image });
    const row = await this.ds.transaction((em) => this.deposits.attachSlip(em, userId, id, saved.id));
    if (!row) {
      await this.uploads.remove([saved.id]);
      throw new DomainError('SLIP_NOT_ACCEPTED');
    }
    return toDeposit(row, locale);
  }

  /** The owner's own slip. */
  async forOwner(userId: string, id: string): Promise<{ data: Buffer; contentType: string }> {
    const row = isUuid(id) ? await this.deposits.get(userId, id) : null;
    return this.read(row?.slip_upload_id ?? null);
  }

  /** A reviewer's view of a slip, audited (the user reads it as an operator action). */
  async forReviewer(operatorId: string, id: string, ip: string | null): Promise<{ data: Buffer; contentType: string }> {
    const row = isUuid(id) ? await this.deposits.find(id) : null;
    const image = await this.read(row?.slip_upload_id ?? null);
    await this.audit.record({
      operatorId,
      action: 'deposit.slip_viewed',
      targetType: 'deposit',
      targetId: id,
      userId: row!.user_id,
      details: { orderNo: row!.order_no },
      ip,
    });
    return image;
  }

  private async read(uploadId: string | null): Promise<{ data: Buffer; contentType: string }> {
    const image = uploadId ? await this.uploads.read(uploadId) : null;
    if (!image) throw new DomainError('NOT_FOUND');
    return image;
  }
}
