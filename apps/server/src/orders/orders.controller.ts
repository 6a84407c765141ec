import { Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { HttpReply, HttpRequest } from '../common/http.js';
import {
  orderStatisticsQuery,
  ordersQuery,
  placeOrderBody,
  type Order,
  type OrderReceipt,
  type OrderStatistics,
  type OrderStatisticsQuery,
  type Page,
  type PlaceOrderBody,
  type Wallet,
} from '@candor/contracts';
import type { z } from 'zod';
import { ApiFeature, Doc, IdempotencyKey, ZodBody, ZodQuery } from '../common/openapi.js';
import { CurrentUser, UserAuthGuard, type AuthUser } from '../auth/auth.guard.js';
import { OrdersService } from './orders.service.js';
import { RateLimit } from '../auth/rate-limit.guard.js';
import { requestLocale } from '../common/request-context.js';
import { OrderStatisticsService } from './order-statistics.service.js';

@Controller('orders')
@UseGuards(UserAuthGuard)
@ApiFeature('trading')
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly statistics: OrderStatisticsService,
  ) {}

  /** 201 with the order; a repeated Idempotency-Key answers the first response again (with `Idempotent-Replayed: true`). */
  @Post()
  @RateLimit('money')
  @HttpCode(201)
  @Doc('Place an order', {
    ok: 'Order',
    errors: [
      'EXPIRY_NOT_OFFERED',
      'AMOUNT_OUT_OF_RANGE',
      'MARKET_CLOSED',
      'MARKET_HALTED',
      'PRICE_SIMULATED',
      'MARKET_DATA_STALE',
      'INSUFFICIENT_BALANCE',
      'LIMIT_REACHED',
      'SELF_EXCLUDED',
    ],
  })
  async place(
    @CurrentUser() u: AuthUser,
    @ZodBody(placeOrderBody) body: PlaceOrderBody,
    @IdempotencyKey() key: string | undefined,
    @Res({ passthrough: true }) res: HttpReply,
  ): Promise<Order> {
    const r = await this.orders.place(u.id, body, key);
    if (r.replayed) void res.header('Idempotent-Replayed', 'true');
    void res.status(r.status);
    return r.body;
  }

  @Get()
  @Doc("The user's orders, newest first", { ok: 'Page<Order>' })
  list(@CurrentUser() u: AuthUser, @ZodQuery(ordersQuery) q: z.infer<typeof ordersQuery>): Promise<Page<Order>> {
    return this.orders.list(u.id, { status: q.status, account: q.account, limit: q.limit, cursor: q.cursor });
  }

  @Get('statistics')
  @Doc("The user's trade statistics: settled orders of one account over 7, 30 or 90 days, in total, by day and by product", {
    ok: 'OrderStatistics',
    description:
      "Only the caller's own settled orders of `account` (open and voided orders are not counted), each on the calendar day (in `tz`, " +
      'default Asia/Taipei) its closing tick fell. `byDay` has every day of the period, zeros included. The win rate leaves ties out.',
  })
  stats(@CurrentUser() u: AuthUser, @ZodQuery(orderStatisticsQuery) q: OrderStatisticsQuery, @Req() req: HttpRequest): Promise<OrderStatistics> {
    const days = Number(q.days ?? '30') as 7 | 30 | 90;
    return this.statistics.statistics(u.id, { account: q.account ?? 'real', days, ...(q.tz ? { timezone: q.tz } : {}) }, requestLocale(req));
  }

  @Get(':id')
  @Doc('One order', { ok: 'Order' })
  get(@CurrentUser() u: AuthUser, @Param('id') id: string): Promise<Order> {
    return this.orders.get(u.id, id);
  }

  @Get(':id/receipt')
  @Doc("An order's receipt: the ticks it opened and closed on, and how to check them", { ok: 'OrderReceipt' })
  receipt(@CurrentUser() u: AuthUser, @Param('id') id: string): Promise<OrderReceipt> {
    return this.orders.receipt(u.id, id);
  }
}

@Controller('demo')
@UseGuards(UserAuthGuard)
@ApiFeature('trading')
export class DemoController {
  constructor(private readonly orders: OrdersService) {}

  /** Demo balance back to its start; answers the wallet. */
  @Post('reset')
  @RateLimit('money')
  @HttpCode(200)
  @Doc('The demo balance back to its start', { ok: 'Wallet' })
  reset(@CurrentUser() u: AuthUser): Promise<Wallet> {
    return this.orders.resetDemo(u.id);
  }
}
