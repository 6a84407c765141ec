import { Controller, Get } from '@nestjs/common';
import type { EarnCoverage } from '@candor/contracts';
import { ApiFeature, Doc } from '../common/openapi.js';
import { EarnCoverageService } from './earn-coverage.service.js';

/** Who pays Yu'e Bao's income, for anyone to read (no token): figures of the platform's own ledger accounts only. */
@Controller('transparency/earn')
@ApiFeature('content')
export class EarnCoverageController {
  constructor(private readonly coverage: EarnCoverageService) {}

  @Get()
  @Doc("Yu'e Bao's cover: the income paid so far, the platform's equity, today's income and the days that equity covers", {
    ok: 'EarnCoverage',
    description:
      "`equity` is the house account (users' losses minus their winnings) plus interest_expense (minus the income paid); `daysCovered` is floor(equity / dailyIncome), null when no income is due.",
  })
  get(): Promise<EarnCoverage> {
    return this.coverage.coverage();
  }
}
