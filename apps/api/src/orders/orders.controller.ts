import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { HttpReply } from '../common/http.js';
import { ordersQuery, placeOrderBody, type Order, type OrderReceipt, type Page, type PlaceOrderBody, type Wallet } from '@candor/contracts';
import type { z } from 'zod';
import { ZodPipe } from '../common/zod.pipe.js';
import { IDEMPOTENCY_HEADER } from '../common/idempotency.js';
import { CurrentUser, UserAuthGuard, type AuthUser } from '../auth/auth.guard.js';
import { OrdersService } from './orders.service.js';

@Controller('orders')
@UseGuards(UserAuthGuard)
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  /** 201 with the order; a repeated Idempotency-Key answers the first response again (with `Idempotent-Replayed: true`). */
  @Post()
  @HttpCode(201)
  async place(
    @CurrentUser() u: AuthUser,
    @Body(new ZodPipe(placeOrderBody)) body: PlaceOrderBody,
    @Headers(IDEMPOTENCY_HEADER) key: string | undefined,
    @Res({ passthrough: true }) res: HttpReply,
  ): Promise<Order> {
    const r = await this.orders.place(u.id, body, key);
    if (r.replayed) void res.header('Idempotent-Replayed', 'true');
    void res.status(r.status);
    return r.body;
  }

  @Get()
  list(@CurrentUser() u: AuthUser, @Query(new ZodPipe(ordersQuery)) q: z.infer<typeof ordersQuery>): Promise<Page<Order>> {
    return this.orders.list(u.id, { status: q.status, account: q.account, limit: q.limit, cursor: q.cursor });
  }

  @Get(':id')
  get(@CurrentUser() u: AuthUser, @Param('id') id: string): Promise<Order> {
    return this.orders.get(u.id, id);
  }

  @Get(':id/receipt')
  receipt(@CurrentUser() u: AuthUser, @Param('id') id: string): Promise<OrderReceipt> {
    return this.orders.receipt(u.id, id);
  }
}

@Controller('demo')
@UseGuards(UserAuthGuard)
export class DemoController {
  constructor(private readonly orders: OrdersService) {}

  /** Demo balance back to its start; answers the wallet. */
  @Post('reset')
  @HttpCode(200)
  reset(@CurrentUser() u: AuthUser): Promise<Wallet> {
    return this.orders.resetDemo(u.id);
  }
}
