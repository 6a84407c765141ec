import { Controller, Get, UseGuards } from '@nestjs/common';
import type { AdminDashboard } from '@candor/contracts';
import { ApiFeature, Doc } from '../common/openapi.js';
import { OperatorAuthGuard, Permission } from '../auth/auth.guard.js';
import { DashboardService } from './dashboard.service.js';

@Controller('admin/dashboard')
@UseGuards(OperatorAuthGuard)
@ApiFeature('admin')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @Permission('dashboard.read')
  @Doc(
    "The console's dashboard: new users today, the review queues and their oldest, open orders, the house's result (today and 30 days by day), Yu'e Bao's totals, the worker's queues and the last ledger check",
    {
      ok: 'AdminDashboard',
      description:
        "\"Today\" is the calendar day in the platform's time zone (`timezone`). The house's result is what users lost minus what they won on real orders (the house account's postings); demo orders are counted apart in `openOrders.demo` and nowhere else. Read-only and not audited (it names no user).",
    },
  )
  figures(): Promise<AdminDashboard> {
    return this.dashboard.figures();
  }
}
