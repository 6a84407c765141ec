import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../common/clock.js';
import { FILE_STORE, type FileStore } from './file-store.js';
import type { CleanImage } from './image-pipeline.js';
import { UploadsRepository } from './uploads.repository.js';

export type UploadPurpose = 'kyc_front' | 'kyc_back' | 'deposit_slip' | 'support_image' | 'content_image' | 'avatar';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Uploaded images: the bytes in the file store under a fresh random key, a row saying whose they are and what
 * for. Only images that went through cleanImage are saved. Who may read one is the calling feature's rule.
 */
@Injectable()
export class UploadsService {
  private readonly log = new Logger('uploads');

  constructor(
    @Inject(FILE_STORE) private readonly store: FileStore,
    private readonly uploads: UploadsRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Writes the bytes to the store under a fresh random key, then the row (in em's transaction when given).
   * Should that transaction roll back later, the object stays behind without a row: unreachable, and harmless.
   */
  async save(input: { ownerUserId: string | null; purpose: UploadPurpose; image: CleanImage }, em?: EntityManager): Promise<{ id: string }> {
    const { image } = input;
    const now = this.clock.now();
    const month = String(now.getUTCMonth() + 1).padStart(2, '0');
    const storageKey = `${input.purpose}/${now.getUTCFullYear()}/${month}/${randomUUID()}.jpg`;
    await this.store.put(storageKey, image.data, image.contentType);
    try {
      return await this.uploads.insert(
        {
          ownerUserId: input.ownerUserId,
          purpose: input.purpose,
          storageKey,
          contentType: image.contentType,
          bytes: image.data.length,
          width: image.width,
          height: image.height,
          sha256: image.sha256,
        },
        em,
      );
    } catch (err) {
      await this.store.delete(storageKey).catch(() => undefined);
      throw err;
    }
  }

  /** The upload's bytes and what it is; null when unknown or removed. */
  async read(id: string): Promise<{ data: Buffer; contentType: string; purpose: UploadPurpose; ownerUserId: string | null } | null> {
    if (!UUID.test(id)) return null;
    const row = await this.uploads.findLive(id);
    if (!row) return null;
    const data = await this.store.get(row.storage_key);
    if (!data) {
      this.log.warn(`upload ${id}: its ${this.store.kind} object ${row.storage_key} is missing`);
      return null;
    }
    return { data, contentType: row.content_type, purpose: row.purpose as UploadPurpose, ownerUserId: row.owner_user_id };
  }

  /**
   * Deletes the uploads' objects from the store, then marks their rows removed; answers how many it removed.
   * A store failure leaves the rows live, so a later call finishes the work.
   */
  async remove(ids: string[]): Promise<number> {
    const valid = [...new Set(ids.filter((id) => UUID.test(id)))];
    if (!valid.length) return 0;
    const rows = await this.uploads.findLiveKeys(valid);
    for (const row of rows) await this.store.delete(row.storage_key);
    return rows.length ? this.uploads.markRemoved(rows.map((r) => r.id)) : 0;
  }
}
