import { Controller, Delete, Get, HttpCode, Param, Patch, Req, Res, UseGuards } from '@nestjs/common';
import type { HttpReply, HttpRequest } from '../common/http.js';
import { adminProductBody, type AdminProduct, type AdminProductBody, type ScheduledChangeResponse } from '@candor/contracts';
import { CurrentOperator, OperatorAuthGuard, Permission, type AuthOperator } from '../auth/auth.guard.js';
import { clientIp } from '../common/request-context.js';
import { ApiFeature, Doc, ZodBody } from '../common/openapi.js';
import { AdminProductsService } from './admin-products.service.js';
import { symbolParam } from './market.query.js';

/**
 * The operator product catalogue: names, precision, hours, holidays, maintenance, expiries and
 * earnings rates, stake limits. Any operator may read it; only admins change it. There is no
 * price, outcome or payout field here, and the body schema refuses unknown fields.
 */
@Controller('admin/products')
@UseGuards(OperatorAuthGuard)
@ApiFeature('admin')
export class AdminProductsController {
  constructor(private readonly products: AdminProductsService) {}

  @Get()
  @Permission('products.read')
  @Doc("The products' catalogue settings", { ok: 'AdminProduct[]' })
  list(): Promise<AdminProduct[]> {
    return this.products.list();
  }

  /**
   * 200 with the product when only immediate fields changed; 202 with what was scheduled when the patch changed
   * precision, exchange markets, hours, time zone or holidays (those wait for their effectiveAt).
   */
  @Patch(':symbol')
  @Permission('products.write')
  @Doc("Change a product's catalogue settings (admins only); there is no price, outcome or payout field", {
    ok: 'AdminProduct',
    accepted: 'ScheduledChangeResponse',
    errors: ['CHANGE_ALREADY_SCHEDULED'],
    description:
      'Precision, exchange markets, hours, time zone and holidays are never applied at once: they are scheduled for `effectiveAt` (default and minimum: the notice period ahead, past every open order) and the answer is 202. `suspended` stops new orders at once.',
  })
  async update(
    @Param('symbol') symbol: string,
    @ZodBody(adminProductBody) body: AdminProductBody,
    @CurrentOperator() op: AuthOperator,
    @Req() req: HttpRequest,
    @Res({ passthrough: true }) res: HttpReply,
  ): Promise<AdminProduct | ScheduledChangeResponse> {
    const r = await this.products.update(symbolParam(symbol), body, op.id, clientIp(req) || null);
    if (!r.scheduled.length) return r.product;
    void res.status(202);
    return { scheduledChange: r.scheduled[0]!, scheduledChanges: r.scheduled, product: r.product };
  }

  @Delete(':symbol/scheduled-changes/:id')
  @Permission('products.write')
  @HttpCode(204)
  @Doc('Cancel a scheduled change before it takes effect (admins only)', { errors: ['ALREADY_DECIDED'] })
  async cancel(@Param('symbol') symbol: string, @Param('id') id: string, @CurrentOperator() op: AuthOperator, @Req() req: HttpRequest): Promise<void> {
    await this.products.cancel(symbolParam(symbol), id, op.id, clientIp(req) || null);
  }
}
