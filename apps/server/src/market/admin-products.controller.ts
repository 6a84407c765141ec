import { Controller, Get, Param, Patch, Req, UseGuards } from '@nestjs/common';
import type { HttpRequest } from '../common/http.js';
import { adminProductBody, type AdminProduct, type AdminProductBody } from '@candor/contracts';
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

  @Patch(':symbol')
  @Permission('products.write')
  @Doc("Change a product's catalogue settings (admins only); there is no price, outcome or payout field", { ok: 'AdminProduct' })
  update(
    @Param('symbol') symbol: string,
    @ZodBody(adminProductBody) body: AdminProductBody,
    @CurrentOperator() op: AuthOperator,
    @Req() req: HttpRequest,
  ): Promise<AdminProduct> {
    return this.products.update(symbolParam(symbol), body, op.id, clientIp(req) || null);
  }
}
