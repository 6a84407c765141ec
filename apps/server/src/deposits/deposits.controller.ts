import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, Res, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import {
  adminDepositsQuery,
  createDepositBody,
  depositMethodBody,
  patchDepositMethodBody,
  rejectBody,
  withdrawalsQuery,
  type AdminDeposit,
  type AdminDepositMethod,
  type CreateDepositBody,
  type Deposit,
  type DepositMethod,
  type DepositMethodBody,
  type Page,
  type PatchDepositMethodBody,
  type RejectBody,
} from '@candor/contracts';
import type { HttpReply, HttpRequest } from '../common/http.js';
import { clientIp, requestLocale } from '../common/request-context.js';
import { ApiFeature, Doc, IdempotencyKey, ZodBody, ZodQuery } from '../common/openapi.js';
import { RateLimit } from '../auth/rate-limit.guard.js';
import { CurrentOperator, CurrentUser, OperatorAuthGuard, Permission, UserAuthGuard, type AuthOperator, type AuthUser } from '../auth/auth.guard.js';
import { DepositsService } from './deposits.service.js';
import { DepositSlipsService } from './deposit-slips.service.js';
import { readMultipartForm } from '../uploads/multipart.js';
import { sendImage } from '../uploads/send-image.js';

const langQuery = z.strictObject({ lang: z.string().max(10).optional() });

@Controller('deposit-methods')
@UseGuards(UserAuthGuard)
@ApiFeature('wallet')
export class DepositMethodsController {
  constructor(private readonly deposits: DepositsService) {}

  @Get()
  @Doc('The enabled deposit methods, in the asked language', { ok: 'DepositMethod[]' })
  list(@ZodQuery(langQuery) _q: z.infer<typeof langQuery>, @Req() req: HttpRequest): Promise<DepositMethod[]> {
    return this.deposits.methods(requestLocale(req));
  }
}

@Controller('deposits')
@UseGuards(UserAuthGuard)
@ApiFeature('wallet')
export class DepositsController {
  constructor(
    private readonly deposits: DepositsService,
    private readonly slips: DepositSlipsService,
  ) {}

  /** The request goes to review; the money is credited when a reviewer approves it. */
  @Post()
  @RateLimit('money')
  @HttpCode(201)
  @Doc('Report a deposit made by a configured method', { ok: 'Deposit', errors: ['AMOUNT_OUT_OF_RANGE', 'LIMIT_REACHED', 'SELF_EXCLUDED'] })
  async create(
    @CurrentUser() u: AuthUser,
    @ZodBody(createDepositBody) body: CreateDepositBody,
    @IdempotencyKey() key: string | undefined,
    @Req() req: HttpRequest,
    @Res({ passthrough: true }) res: HttpReply,
  ): Promise<Deposit> {
    const r = await this.deposits.create(u.id, body, key, requestLocale(req));
    if (r.replayed) void res.header('Idempotent-Replayed', 'true');
    void res.status(r.status);
    return r.body;
  }

  @Get()
  @Doc("The user's deposits, newest first", { ok: 'Page<Deposit>' })
  list(@CurrentUser() u: AuthUser, @ZodQuery(withdrawalsQuery) q: z.infer<typeof withdrawalsQuery>, @Req() req: HttpRequest): Promise<Page<Deposit>> {
    return this.deposits.list(u.id, q, requestLocale(req));
  }

  @Get(':id')
  @Doc('One deposit with the timeline of its status', { ok: 'Deposit' })
  get(@CurrentUser() u: AuthUser, @Param('id') id: string, @Req() req: HttpRequest): Promise<Deposit> {
    return this.deposits.get(u.id, id, requestLocale(req));
  }

  /** Optional evidence for the reviewer: re-encoded like every upload, one per deposit, while it is in review. */
  @Post(':id/slip')
  @RateLimit('money')
  @HttpCode(201)
  @Doc('Attach a payment slip (one image) to a deposit in review', {
    ok: 'Deposit',
    multipart: { fields: {}, files: ['slip'] },
    errors: ['IMAGE_INVALID', 'UPLOAD_TOO_LARGE', 'SLIP_NOT_ACCEPTED', 'NOT_FOUND'],
  })
  async attachSlip(@CurrentUser() u: AuthUser, @Param('id') id: string, @Req() req: HttpRequest): Promise<Deposit> {
    const form = await readMultipartForm(req, { files: ['slip'], fields: [] });
    return this.slips.attach(u.id, id, form, requestLocale(req));
  }

  @Get(':id/slip')
  @Doc("The deposit's payment slip", { ok: 'image', errors: ['NOT_FOUND'] })
  async slip(@CurrentUser() u: AuthUser, @Param('id') id: string, @Res() res: HttpReply): Promise<void> {
    await sendImage(res, await this.slips.forOwner(u.id, id), 'payment-slip.jpg');
  }
}

@Controller('admin/deposits')
@UseGuards(OperatorAuthGuard)
@ApiFeature('admin')
export class AdminDepositsController {
  constructor(
    private readonly deposits: DepositsService,
    private readonly slips: DepositSlipsService,
  ) {}

  @Get(':id/slip')
  @Permission('deposits.read')
  @Doc("A deposit's payment slip (each view audited)", { ok: 'image', errors: ['NOT_FOUND'] })
  async slip(@CurrentOperator() op: AuthOperator, @Param('id') id: string, @Req() req: HttpRequest, @Res() res: HttpReply): Promise<void> {
    await sendImage(res, await this.slips.forReviewer(op.id, id, clientIp(req) || null), 'payment-slip.jpg');
  }

  @Get()
  @Permission('deposits.read')
  @Doc('Deposits by status (default in review), oldest first, with the balances; a page at a time (`cursor`, `nextCursor`)', {
    ok: 'Page<AdminDeposit>',
    errors: ['VALIDATION_FAILED'],
  })
  list(@ZodQuery(adminDepositsQuery) q: z.infer<typeof adminDepositsQuery>): Promise<Page<AdminDeposit>> {
    return this.deposits.listForReview(q);
  }

  @Post(':id/approve')
  @Permission('deposits.review')
  @HttpCode(200)
  @Doc('Approve a deposit: the amount is credited', { ok: 'Deposit', errors: ['ALREADY_DECIDED'] })
  approve(@CurrentOperator() op: AuthOperator, @Param('id') id: string, @Req() req: HttpRequest): Promise<Deposit> {
    return this.deposits.decide(op.id, id, 'approve', null, clientIp(req) || null);
  }

  @Post(':id/reject')
  @Permission('deposits.review')
  @HttpCode(200)
  @Doc('Reject a deposit with a reason shown to the user', { ok: 'Deposit', errors: ['ALREADY_DECIDED'] })
  reject(@CurrentOperator() op: AuthOperator, @Param('id') id: string, @ZodBody(rejectBody) body: RejectBody, @Req() req: HttpRequest): Promise<Deposit> {
    return this.deposits.decide(op.id, id, 'reject', body.reason, clientIp(req) || null);
  }
}

@Controller('admin/deposit-methods')
@UseGuards(OperatorAuthGuard)
@Permission('deposit_methods.manage')
@ApiFeature('admin')
export class AdminDepositMethodsController {
  constructor(private readonly deposits: DepositsService) {}

  @Get()
  @Doc('Every deposit method, enabled or not, with its texts in every language', { ok: 'AdminDepositMethod[]' })
  list(): Promise<AdminDepositMethod[]> {
    return this.deposits.adminMethods();
  }

  @Post()
  @HttpCode(201)
  @Doc('Add a deposit method', { ok: 'AdminDepositMethod' })
  create(@CurrentOperator() op: AuthOperator, @ZodBody(depositMethodBody) body: DepositMethodBody, @Req() req: HttpRequest): Promise<AdminDepositMethod> {
    return this.deposits.saveMethod(op.id, null, body, clientIp(req) || null);
  }

  @Delete(':id')
  @HttpCode(204)
  @Doc('Delete a deposit method no deposit was made with (a used one can only be disabled); audited', { errors: ['DEPOSIT_METHOD_IN_USE'] })
  remove(@CurrentOperator() op: AuthOperator, @Param('id') id: string, @Req() req: HttpRequest): Promise<void> {
    return this.deposits.deleteMethod(op.id, id, clientIp(req) || null);
  }

  @Patch(':id')
  @Doc('Edit or disable a deposit method', { ok: 'AdminDepositMethod' })
  update(
    @CurrentOperator() op: AuthOperator,
    @Param('id') id: string,
    @ZodBody(patchDepositMethodBody) body: PatchDepositMethodBody,
    @Req() req: HttpRequest,
  ): Promise<AdminDepositMethod> {
    return this.deposits.saveMethod(op.id, id, body, clientIp(req) || null);
  }
}
