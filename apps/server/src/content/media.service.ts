import { Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { MEDIA_NAME } from '@candor/contracts';
import { AuditService } from '../admin/audit.service.js';
import { DomainError } from '../common/domain-error.js';
import { cleanImage, ImageRejected } from '../uploads/image-pipeline.js';
import type { MultipartForm } from '../uploads/multipart.js';
import { UploadsService } from '../uploads/uploads.service.js';
import { ContentRepository } from './content.repository.js';
import { mediaUrl } from './content-view.js';
import type { Actor } from './admin-content.service.js';

/** The resized variants kept in memory, by total size; the least recently used go first. */
const VARIANT_CACHE_BYTES = 64 * 1024 * 1024;

export interface MediaImage {
  data: Buffer;
  contentType: 'image/jpeg' | 'image/webp';
}

/** A small LRU of encoded variants by byte size (a Map keeps insertion order: a hit moves to the end). */
export class VariantCache {
  private readonly items = new Map<string, MediaImage>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}

  get(key: string): MediaImage | undefined {
    const hit = this.items.get(key);
    if (hit) {
      this.items.delete(key);
      this.items.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: MediaImage): void {
    if (value.data.length > this.maxBytes) return;
    const old = this.items.get(key);
    if (old) this.bytes -= old.data.length;
    this.items.delete(key);
    this.items.set(key, value);
    this.bytes += value.data.length;
    for (const [k, v] of this.items) {
      if (this.bytes <= this.maxBytes) break;
      this.items.delete(k);
      this.bytes -= v.data.length;
    }
  }

  get size(): number {
    return this.items.size;
  }
}

/**
 * Content images: uploaded by operators (re-encoded, metadata gone), served to anyone under the hash of their
 * bytes, so a URL never changes meaning and may be cached for ever; resized to the widths the apps show, WebP
 * when the browser takes it.
 */
@Injectable()
export class MediaService {
  private readonly variants = new VariantCache(VARIANT_CACHE_BYTES);

  constructor(
    private readonly repo: ContentRepository,
    private readonly uploads: UploadsService,
    private readonly audit: AuditService,
  ) {}

  async upload(actor: Actor, form: MultipartForm): Promise<{ id: string; url: string }> {
    const file = form.files.image;
    if (!file || file.length === 0) throw new DomainError('IMAGE_INVALID', 'image', {}, { reason: 'missing' });
    const image = await cleanImage(file, 'image').catch((e: unknown) => {
      throw e instanceof ImageRejected ? new DomainError('IMAGE_INVALID', 'image', {}, { reason: e.reason }) : e;
    });
    const { id } = await this.uploads.save({ ownerUserId: null, purpose: 'content_image', image });
    await this.audit.record({ operatorId: actor.operatorId, action: 'content.image_upload', targetType: 'upload', targetId: id, ip: actor.ip });
    return { id, url: mediaUrl(image.sha256)! };
  }

  /** The image named `name` at `width` (absent: as stored), WebP or JPEG; 404 for any other name. */
  async image(name: string, width: number | undefined, webp: boolean): Promise<MediaImage> {
    if (!MEDIA_NAME.test(name)) throw new DomainError('NOT_FOUND');
    const key = `${name}:${width ?? 0}:${webp ? 'webp' : 'jpeg'}`;
    const hit = this.variants.get(key);
    if (hit) return hit;
    const id = await this.repo.contentImageByHash(name.slice(0, 64));
    const stored = id ? await this.uploads.read(id) : null;
    if (!stored) throw new DomainError('NOT_FOUND');
    const variant = await this.encode(stored.data, width, webp);
    this.variants.set(key, variant);
    return variant;
  }

  private async encode(data: Buffer, width: number | undefined, webp: boolean): Promise<MediaImage> {
    if (!width && !webp) return { data, contentType: 'image/jpeg' };
    let img = sharp(data, { failOn: 'none' });
    if (width) img = img.resize({ width, withoutEnlargement: true });
    return webp
      ? { data: await img.webp({ quality: 80 }).toBuffer(), contentType: 'image/webp' }
      : { data: await img.jpeg({ quality: 82 }).toBuffer(), contentType: 'image/jpeg' };
  }
}
