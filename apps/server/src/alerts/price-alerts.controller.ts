import { Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import type { z } from 'zod';
import { createPriceAlertBody, priceAlertsQuery, type CreatePriceAlertBody, type PriceAlert, type PriceAlertList } from '@candor/contracts';
import { ApiFeature, Doc, ZodBody, ZodQuery } from '../common/openapi.js';
import { CurrentUser, UserAuthGuard, type AuthUser } from '../auth/auth.guard.js';
import { PriceAlertsService } from './price-alerts.service.js';

/** The signed-in user's price alerts (`/api/me/alerts`): always the caller's own; another user's alert is 404. */
@Controller('me/alerts')
@UseGuards(UserAuthGuard)
@ApiFeature('account')
export class PriceAlertsController {
  constructor(private readonly alerts: PriceAlertsService) {}

  @Get()
  @Doc('The price alerts: the active ones, then those fired in the last 7 days; of one product with `symbol`', { ok: 'PriceAlertList' })
  list(@CurrentUser() u: AuthUser, @ZodQuery(priceAlertsQuery) q: z.infer<typeof priceAlertsQuery>): Promise<PriceAlertList> {
    return this.alerts.list(u.id, q.symbol);
  }

  @Post()
  @HttpCode(201)
  @Doc('Sets an alert: one system message when the price reaches the level (at most 20 active)', {
    ok: 'PriceAlert',
    errors: ['MARKET_DATA_STALE', 'ALERT_LEVEL_WRONG_SIDE', 'ALERT_LIMIT_REACHED'],
  })
  create(@CurrentUser() u: AuthUser, @ZodBody(createPriceAlertBody) body: CreatePriceAlertBody): Promise<PriceAlert> {
    return this.alerts.create(u.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @Doc('Removes one of the price alerts (again: no change)', { errors: ['NOT_FOUND'] })
  remove(@CurrentUser() u: AuthUser, @Param('id') id: string): Promise<void> {
    return this.alerts.remove(u.id, id);
  }
}
