import { Module } from '@nestjs/common';
import { OpsModule } from '../ops/ops.module.js';
import { TransparencyModule } from '../transparency/transparency.module.js';
import { DashboardController } from './dashboard.controller.js';
import { DashboardRepository } from './dashboard.repository.js';
import { DashboardService } from './dashboard.service.js';

/** `GET /api/admin/dashboard`: the console's landing figures (docs/console.md). */
@Module({
  imports: [OpsModule, TransparencyModule],
  controllers: [DashboardController],
  providers: [DashboardRepository, DashboardService],
})
export class DashboardModule {}
