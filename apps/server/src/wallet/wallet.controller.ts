import { Controller, Get, Param, Res, UseGuards } from '@nestjs/common';
import type { HttpReply } from '../common/http.js';
import { z } from 'zod';
import { bigintId, saneDateTime, type CapitalRecord, type CapitalRecordDetail, type Page, type Wallet } from '@candor/contracts';
import { ENTRY_TYPES } from '@candor/db';
import { ApiFeature, Doc, ZodQuery } from '../common/openapi.js';
import { CurrentUser, UserAuthGuard, type AuthUser } from '../auth/auth.guard.js';
import { WalletService } from './wallet.service.js';

const recordsQuery = z.strictObject({
  type: z.enum(ENTRY_TYPES).optional(),
  account: z.enum(['real', 'demo']).optional(),
  from: saneDateTime.optional(),
  to: saneDateTime.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: bigintId.optional(),
  lang: z.string().max(10).optional(),
});

const csvQuery = recordsQuery.omit({ limit: true, cursor: true });

@Controller('wallet')
@UseGuards(UserAuthGuard)
@ApiFeature('wallet')
export class WalletController {
  constructor(private readonly wallet: WalletService) {}

  // Answered by the fast path in wallet.route.ts for most requests; keep both in step.
  @Get()
  @Doc("The balances: available, frozen, in orders, Yu'e Bao, total and demo", { ok: 'Wallet' })
  get(@CurrentUser() u: AuthUser): Promise<Wallet> {
    return this.wallet.wallet(u.id);
  }

  /** Capital records: one row per action, the ledger entries that finish it folded in, newest first. */
  @Get('records')
  @Doc("Capital records: one row per action (deposit, withdrawal, order, Yu'e Bao transfer or income), newest first", { ok: 'Page<CapitalRecord>' })
  records(@CurrentUser() u: AuthUser, @ZodQuery(recordsQuery) q: z.infer<typeof recordsQuery>): Promise<Page<CapitalRecord>> {
    return this.wallet.records(u.id, { ...q, limit: q.limit ?? 20 });
  }

  @Get('records.csv')
  @Doc('The filtered capital records as CSV (text/csv, a header row; at most 100,000 rows)', { ok: 'text/csv' })
  async recordsCsv(@CurrentUser() u: AuthUser, @ZodQuery(csvQuery) q: z.infer<typeof csvQuery>, @Res({ passthrough: true }) res: HttpReply): Promise<string> {
    const csv = await this.wallet.recordsCsv(u.id, q);
    void res.header('content-type', 'text/csv; charset=utf-8');
    void res.header('content-disposition', `attachment; filename="capital-records-${new Date().toISOString().slice(0, 10)}.csv"`);
    return csv;
  }

  @Get('records/:id')
  @Doc('One capital record with the postings of every journal entry folded into it', {
    ok: 'CapitalRecordDetail',
    description:
      'The record plus `postings: [{ account, owner, amount, entryNo, type, createdAt }]`: the first entry and those that finished the same withdrawal or order. The id of a folded posting is not a record (404).',
  })
  record(@CurrentUser() u: AuthUser, @Param('id') id: string): Promise<CapitalRecordDetail> {
    return this.wallet.record(u.id, id);
  }
}
