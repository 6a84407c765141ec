import { Controller, Get, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import type { TransparencyResponse } from '@candor/contracts';
import type { HttpReply } from '../common/http.js';
import { ApiFeature, Doc } from '../common/openapi.js';
import { CurrentUser, UserAuthGuard, type AuthUser } from '../auth/auth.guard.js';
import { TransparencyCache } from './transparency-cache.js';
import { ReceiptChecksService } from './receipt-checks.service.js';

/** The public transparency figures (no token): exactly what the worker's job last computed, never recomputed here. */
@Controller('transparency')
@ApiFeature('content')
export class TransparencyController {
  constructor(private readonly cache: TransparencyCache) {}

  @Get()
  @Doc(
    "The platform's public figures: loss shares, per-product results, receipts checked, tick chain heads, the ledger check, the liabilities root, Yu'e Bao's cover",
    {
      ok: 'TransparencyResponse',
      description:
        "Computed by a scheduled job (at the worker's start, then hourly) and answered as cached. Before the first run every figure is `null` " +
        '(and the lists empty) with `computedAt: null`. A loss share is `null` while fewer than `minAccounts` accounts traded in its period. ' +
        'Shares and ratios have four decimals (`"0.7412"` = 74.12 %); money has two; `liabilities.total` is integer cents as published in the chain.',
    },
  )
  async figures(@Res({ passthrough: true }) res: HttpReply): Promise<TransparencyResponse> {
    // The same for everyone and replaced hourly: shared caches may keep it a minute.
    void res.header('Cache-Control', 'public, max-age=60');
    return this.cache.read();
  }
}

/** The owner's app reports a receipt whose check passed in the browser: counted once per order, ever. */
@Controller('orders')
@UseGuards(UserAuthGuard)
@ApiFeature('trading')
export class ReceiptChecksController {
  constructor(private readonly checks: ReceiptChecksService) {}

  @Post(':id/receipt/checked')
  @HttpCode(204)
  @Doc("Report that the caller checked one of their own settled or voided orders' receipt", {
    errors: ['NOT_FOUND', 'ORDER_NOT_FINAL'],
    description:
      'Sent by the receipt page after its check in the browser passed; feeds `receiptsChecked` of `GET /api/transparency`. ' +
      "Idempotent: an order counts once however often it is reported. NOT_FOUND for an order that is not the caller's.",
  })
  async checked(@CurrentUser() u: AuthUser, @Param('id') id: string): Promise<void> {
    await this.checks.record(u.id, id);
  }
}
