import { Inject, Injectable, Logger, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { UploadsService } from '../uploads/uploads.service.js';
import { KycRepository } from './kyc.repository.js';

/**
 * Photos of rejected submissions leave the store KYC_REJECTED_RETENTION_DAYS after the decision (run by the
 * worker's housekeeping); the submission's data stays, the number encrypted, so the history of attempts is kept.
 */
@Injectable()
export class KycRetention {
  private readonly log = new Logger('kyc');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: KycRepository,
    private readonly uploads: UploadsService,
  ) {}

  async removeExpiredImages(now: Date, batch = 200): Promise<number> {
    const before = new Date(now.getTime() - this.config.KYC_REJECTED_RETENTION_DAYS * 86_400_000);
    const rows = await this.repo.expiredRejections(before, batch);
    if (rows.length === 0) return 0;
    await this.uploads.remove(rows.flatMap((r) => [r.front_upload_id, r.back_upload_id]));
    await this.repo.markImagesRemoved(rows.map((r) => r.id));
    this.log.log(`removed the photos of ${rows.length} rejected verification(s) decided before ${before.toISOString()}`);
    return rows.length;
  }
}

/** What the worker needs of verification: the retention of rejected photos. */
@Module({ imports: [UploadsModule], providers: [KycRepository, KycRetention], exports: [KycRetention] })
export class KycRetentionModule {}
