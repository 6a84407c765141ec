import { Controller, Get, HttpCode, Param, Patch, Post, Req, UseGuards } from '@nestjs/common';
import {
  createInvitationCodeBody,
  updateInvitationCodeBody,
  type AdminInvitationCode,
  type CreateInvitationCodeBody,
  type UpdateInvitationCodeBody,
} from '@candor/contracts';
import type { HttpRequest } from '../common/http.js';
import { clientIp } from '../common/request-context.js';
import { ApiFeature, Doc, ZodBody } from '../common/openapi.js';
import { CurrentOperator, OperatorAuthGuard, Permission, type AuthOperator } from '../auth/auth.guard.js';
import { InvitationCodesService } from './invitation-codes.service.js';

@Controller('admin/invitation-codes')
@UseGuards(OperatorAuthGuard)
@Permission('invitations.manage')
@ApiFeature('admin')
export class InvitationCodesController {
  constructor(private readonly codes: InvitationCodesService) {}

  @Get()
  @Doc("The platform's invitation codes (not users' own), newest first, the newest 500; who registered with one is a user search by the code", {
    ok: 'AdminInvitationCode[]',
  })
  list(): Promise<AdminInvitationCode[]> {
    return this.codes.list();
  }

  @Post()
  @HttpCode(201)
  @Doc('Create an invitation code: the one given (4 to 16 letters and digits, stored in capitals) or a random one of 8; audited', {
    ok: 'AdminInvitationCode',
    errors: ['INVITATION_CODE_EXISTS'],
  })
  create(
    @CurrentOperator() op: AuthOperator,
    @ZodBody(createInvitationCodeBody) body: CreateInvitationCodeBody,
    @Req() req: HttpRequest,
  ): Promise<AdminInvitationCode> {
    return this.codes.create(op.id, body, clientIp(req) || null);
  }

  @Patch(':code')
  @Doc('Disable or enable a platform invitation code (a disabled code registers no one); audited when it changes', { ok: 'AdminInvitationCode' })
  update(
    @CurrentOperator() op: AuthOperator,
    @Param('code') code: string,
    @ZodBody(updateInvitationCodeBody) body: UpdateInvitationCodeBody,
    @Req() req: HttpRequest,
  ): Promise<AdminInvitationCode> {
    return this.codes.setActive(op.id, code, body.active, clientIp(req) || null);
  }
}
