import { Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { z } from 'zod';
import { adminKycQuery, kycRejectBody, type AdminKycDetail, type AdminKycSubmission, type KycRejectBody, type KycView, type Page } from '@candor/contracts';
import { KYC_SIDES, type KycSide } from '@candor/domain';
import type { HttpReply, HttpRequest } from '../common/http.js';
import { clientIp } from '../common/request-context.js';
import { DomainError } from '../common/domain-error.js';
import { ApiFeature, Doc, ZodBody, ZodQuery } from '../common/openapi.js';
import { RateLimit } from '../auth/rate-limit.guard.js';
import { CurrentOperator, CurrentUser, OperatorAuthGuard, Permission, UserAuthGuard, type AuthOperator, type AuthUser } from '../auth/auth.guard.js';
import { readMultipartForm } from '../uploads/multipart.js';
import { sendImage } from '../uploads/send-image.js';
import { asKycImageError, KycService } from './kyc.service.js';
import { KycReviewService } from './kyc-review.service.js';

const KYC_FORM = { files: KYC_SIDES, fields: ['name', 'idNumber', 'nationality'] } as const;

function side(value: string): KycSide {
  if (!(KYC_SIDES as readonly string[]).includes(value)) throw new DomainError('NOT_FOUND');
  return value as KycSide;
}

@Controller('kyc')
@UseGuards(UserAuthGuard)
@ApiFeature('account')
export class KycController {
  constructor(private readonly kyc: KycService) {}

  @Get()
  @Doc("The user's identity verification (the ID number masked)", { ok: 'KycView' })
  view(@CurrentUser() u: AuthUser): Promise<KycView> {
    return this.kyc.view(u.id);
  }

  /** Both photos are re-encoded (metadata gone) before anything is stored; the reviewers see it next. */
  @Post()
  @RateLimit('money')
  @HttpCode(201)
  @Doc('Submit name, ID number, nationality and the photos of both sides', {
    ok: 'KycView',
    multipart: { fields: { name: 'string', idNumber: 'string', nationality: 'string' }, files: ['front', 'back'] },
    errors: ['VALIDATION_FAILED', 'KYC_IMAGE_INVALID', 'KYC_ALREADY_SUBMITTED', 'KYC_CLOSED', 'KYC_ID_IN_USE', 'COUNTRY_NOT_SERVED'],
  })
  async submit(@CurrentUser() u: AuthUser, @Req() req: HttpRequest): Promise<KycView> {
    const form = await readMultipartForm(req, KYC_FORM).catch((e: unknown) => {
      throw asKycImageError(e, 'front');
    });
    return this.kyc.submit(u.id, form);
  }

  @Get('images/:side')
  @Doc("The user's own photo of one side of their latest submission", { ok: 'image', errors: ['NOT_FOUND'] })
  async image(@CurrentUser() u: AuthUser, @Param('side') s: string, @Res() res: HttpReply): Promise<void> {
    const which = side(s);
    await sendImage(res, await this.kyc.image(u.id, which), `id-${which}.jpg`);
  }
}

@Controller('admin/kyc')
@UseGuards(OperatorAuthGuard)
@Permission('kyc.review')
@ApiFeature('admin')
export class AdminKycController {
  constructor(private readonly review: KycReviewService) {}

  @Get()
  @Doc('Verifications by status: pending oldest first, decided newest first', { ok: 'Page<AdminKycSubmission>' })
  list(@ZodQuery(adminKycQuery) q: z.infer<typeof adminKycQuery>): Promise<Page<AdminKycSubmission>> {
    return this.review.list(q);
  }

  @Get(':id')
  @Doc("One submission with the user's earlier ones", { ok: 'AdminKycDetail', errors: ['NOT_FOUND'] })
  detail(@Param('id') id: string): Promise<AdminKycDetail> {
    return this.review.detail(id);
  }

  /** Every view is a line in the audit log, which the user reads as an operator action. */
  @Get(':id/images/:side')
  @Doc('One photo of a submission (each view audited)', { ok: 'image', errors: ['NOT_FOUND'] })
  async image(
    @CurrentOperator() op: AuthOperator,
    @Param('id') id: string,
    @Param('side') s: string,
    @Req() req: HttpRequest,
    @Res() res: HttpReply,
  ): Promise<void> {
    const which = side(s);
    await sendImage(res, await this.review.image(op.id, id, which, clientIp(req) || null), `kyc-${which}.jpg`);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @Doc('Approve a verification: the account is verified', { ok: 'AdminKycSubmission', errors: ['ALREADY_DECIDED', 'NOT_FOUND'] })
  approve(@CurrentOperator() op: AuthOperator, @Param('id') id: string, @Req() req: HttpRequest): Promise<AdminKycSubmission> {
    return this.review.approve(op.id, id, clientIp(req) || null);
  }

  @Post(':id/reject')
  @HttpCode(200)
  @Doc('Reject a verification with a reason code, a message to the user, an internal note, and whether it is final', {
    ok: 'AdminKycSubmission',
    errors: ['ALREADY_DECIDED', 'NOT_FOUND'],
  })
  reject(
    @CurrentOperator() op: AuthOperator,
    @Param('id') id: string,
    @ZodBody(kycRejectBody) body: KycRejectBody,
    @Req() req: HttpRequest,
  ): Promise<AdminKycSubmission> {
    return this.review.reject(op.id, id, body, clientIp(req) || null);
  }
}
