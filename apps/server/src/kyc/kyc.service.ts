import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { kycSubmitFields, type KycView } from '@candor/contracts';
import { checkIdentity, maskIdNumber, nextKycState, normalizeIdentity, type IdentityInput, type KycSide } from '@candor/domain';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { secretFor } from '../config/keys.js';
import { DomainError } from '../common/domain-error.js';
import { UploadsService } from '../uploads/uploads.service.js';
import { cleanImage, ImageRejected, type CleanImage } from '../uploads/image-pipeline.js';
import type { MultipartForm } from '../uploads/multipart.js';
import { deriveKycKeys, encryptIdNumber, idNumberHash, type KycKeys } from './kyc-crypto.js';
import { KycRepository, type KycRow } from './kyc.repository.js';
import { toKycView } from './kyc-view.js';
import { BlockedCountriesService } from '../countries/blocked-countries.service.js';

const uniqueViolation = (e: unknown): string | null => {
  const err = e as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = err?.code ?? err?.driverError?.code;
  return code === '23505' ? (err.constraint ?? err.driverError?.constraint ?? '') : null;
};

/** Every refusal of a photo is the same code on this route, naming the side and why. */
export function asKycImageError(e: unknown, field: KycSide): unknown {
  if (e instanceof ImageRejected) return new DomainError('KYC_IMAGE_INVALID', e.field, {}, { reason: e.reason });
  if (e instanceof DomainError && e.code === 'UPLOAD_TOO_LARGE') return new DomainError('KYC_IMAGE_INVALID', e.field ?? field, {}, { reason: 'too_large' });
  return e;
}

/**
 * A user's identity verification: one submission at a time, checked by the domain's rules for the
 * nationality, the photos re-encoded before anything stores them, the number encrypted and hashed.
 */
@Injectable()
export class KycService {
  private readonly keys: KycKeys;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly repo: KycRepository,
    private readonly uploads: UploadsService,
    private readonly countries: BlockedCountriesService,
  ) {
    this.keys = deriveKycKeys(secretFor(config, 'kyc'));
  }

  async view(userId: string): Promise<KycView> {
    return toKycView(await this.repo.latest(userId));
  }

  async submit(userId: string, form: MultipartForm): Promise<KycView> {
    const identity = this.identity(form.fields);
    await this.countries.assertNationalityServed(identity.nationality);
    // Refused before the photos are decoded: a pending or closed verification costs no re-encoding.
    this.assertCanSubmit(await this.repo.latest(userId));
    const images = { front: await this.photo(form, 'front'), back: await this.photo(form, 'back') };
    const saved = {
      front: await this.uploads.save({ ownerUserId: userId, purpose: 'kyc_front', image: images.front }),
      back: await this.uploads.save({ ownerUserId: userId, purpose: 'kyc_back', image: images.back }),
    };
    try {
      await this.ds.transaction(async (em) => {
        await this.repo.lockUser(em, userId);
        const latest = await this.repo.latest(userId, em);
        this.assertCanSubmit(latest);
        await this.repo.insert(em, {
          userId,
          attempt: (latest?.attempt ?? 0) + 1,
          name: identity.name,
          nationality: identity.nationality,
          idNumberEnc: encryptIdNumber(this.keys, identity.idNumber),
          idHash: idNumberHash(this.keys, identity),
          idMasked: maskIdNumber(identity.idNumber),
          frontUploadId: saved.front.id,
          backUploadId: saved.back.id,
        });
        await this.repo.setUserStatus(em, userId, 'pending');
      });
    } catch (e) {
      // Nothing refers to the stored photos now: they leave the store at once.
      await this.uploads.remove([saved.front.id, saved.back.id]);
      const constraint = uniqueViolation(e);
      if (constraint === 'kyc_id_number_live') throw new DomainError('KYC_ID_IN_USE', 'idNumber');
      if (constraint !== null) throw new DomainError('KYC_ALREADY_SUBMITTED');
      throw e;
    }
    return this.view(userId);
  }

  /** The owner's own photo of their latest submission; 404 when there is none (or it was removed). */
  async image(userId: string, side: KycSide): Promise<{ data: Buffer; contentType: string }> {
    const latest = await this.repo.latest(userId);
    const uploadId = latest && !latest.images_removed_at ? (side === 'front' ? latest.front_upload_id : latest.back_upload_id) : null;
    const image = uploadId ? await this.uploads.read(uploadId) : null;
    if (!image || image.ownerUserId !== userId) throw new DomainError('NOT_FOUND');
    return image;
  }

  private identity(fields: Record<string, string>): IdentityInput {
    const parsed = kycSubmitFields.safeParse({ name: fields.name ?? '', idNumber: fields.idNumber ?? '', nationality: fields.nationality ?? '' });
    if (!parsed.success) throw new DomainError('VALIDATION_FAILED', String(parsed.error.issues[0]?.path[0] ?? 'name'));
    const identity = normalizeIdentity(parsed.data);
    const problem = checkIdentity(identity);
    if (problem) throw new DomainError('VALIDATION_FAILED', problem.field, {}, { reason: problem.code });
    return identity;
  }

  private assertCanSubmit(latest: KycRow | null): void {
    const state = latest ? { status: latest.status, final: latest.final } : { status: 'not_submitted' as const, final: false };
    if (nextKycState(state, 'submit')) return;
    throw new DomainError(state.status === 'rejected' ? 'KYC_CLOSED' : 'KYC_ALREADY_SUBMITTED');
  }

  private async photo(form: MultipartForm, side: KycSide): Promise<CleanImage> {
    const file = form.files[side];
    if (!file || file.length === 0) throw new DomainError('KYC_IMAGE_INVALID', side, {}, { reason: 'missing' });
    try {
      return await cleanImage(file, side);
    } catch (e) {
      throw asKycImageError(e, side);
    }
  }
}
