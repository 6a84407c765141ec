import { Injectable, Logger } from '@nestjs/common';
import { AVATAR_FIELD, AVATAR_NAME, AVATAR_SIDE } from '@candor/contracts';
import { DomainError } from '../common/domain-error.js';
import { cleanImage, ImageRejected, type CleanImage } from '../uploads/image-pipeline.js';
import type { MultipartForm } from '../uploads/multipart.js';
import { UploadsService } from '../uploads/uploads.service.js';
import { AvatarRepository } from './avatar.repository.js';

/**
 * A user's photo in place of the generated initial. It goes through the uploads pipeline like every image
 * (type by content, re-encoded, no metadata), cropped to a square of AVATAR_SIDE pixels, and is kept as an
 * `uploads` row of purpose `avatar` owned by the user. It is served to anyone under the SHA-256 of its
 * bytes: an avatar is not a secret, and the name cannot be guessed from the user or derived from another's.
 */
@Injectable()
export class AvatarService {
  private readonly log = new Logger('avatar');

  constructor(
    private readonly repo: AvatarRepository,
    private readonly uploads: UploadsService,
  ) {}

  /** Cleans the form's photo, stores it, makes it the user's avatar, and removes the one it replaced. */
  async set(userId: string, form: MultipartForm): Promise<void> {
    const image = await this.clean(form.files[AVATAR_FIELD]);
    const saved = await this.uploads.save({ ownerUserId: userId, purpose: 'avatar', image });
    let replaced: string | null;
    try {
      replaced = await this.repo.swap(userId, { uploadId: saved.id, sha256: image.sha256 });
    } catch (err) {
      await this.uploads.remove([saved.id]).catch(() => 0);
      throw err;
    }
    this.log.log(`user ${userId} set avatar upload ${saved.id}${replaced ? `, replacing ${replaced}` : ''}`);
    await this.drop(replaced);
  }

  /** Back to the initial: the photo leaves the store. Removing when there is none is not an error. */
  async remove(userId: string): Promise<void> {
    const replaced = await this.repo.swap(userId, null);
    if (!replaced) return;
    this.log.log(`user ${userId} removed avatar upload ${replaced}`);
    await this.drop(replaced);
  }

  /** The avatar in use named `name` (`<sha256>.jpg`); 404 for any other name, and for a photo no one uses now. */
  async image(name: string): Promise<{ data: Buffer; contentType: string }> {
    if (!AVATAR_NAME.test(name)) throw new DomainError('NOT_FOUND');
    const id = await this.repo.uploadInUse(name.slice(0, 64));
    const stored = id ? await this.uploads.read(id) : null;
    if (!stored || stored.purpose !== 'avatar') throw new DomainError('NOT_FOUND');
    return stored;
  }

  private async clean(file: Buffer | undefined): Promise<CleanImage> {
    if (!file || file.length === 0) throw new DomainError('IMAGE_INVALID', AVATAR_FIELD, {}, { reason: 'missing' });
    try {
      return await cleanImage(file, AVATAR_FIELD, { kind: 'square', side: AVATAR_SIDE });
    } catch (err) {
      throw err instanceof ImageRejected ? new DomainError('IMAGE_INVALID', AVATAR_FIELD, {}, { reason: err.reason }) : err;
    }
  }

  /** The replaced photo leaves the store; should the store fail, the object stays behind, referred to by no user and served by no route. */
  private async drop(uploadId: string | null): Promise<void> {
    if (!uploadId) return;
    try {
      await this.uploads.remove([uploadId]);
    } catch (err) {
      this.log.warn(`avatar upload ${uploadId} could not be removed from the store: ${(err as Error).message}`);
    }
  }
}
