import { Module } from '@nestjs/common';
import { AdminEarnController } from './admin-earn.controller.js';
import { AdminEarnRepository } from './admin-earn.repository.js';
import { AdminEarnService } from './admin-earn.service.js';
import { EarnController } from './earn.controller.js';
import { EarnCoverageController } from './earn-coverage.controller.js';
import { EarnCoverageRepository } from './earn-coverage.repository.js';
import { EarnCoverageService } from './earn-coverage.service.js';
import { EarnRepository } from './earn.repository.js';
import { EarnService } from './earn.service.js';

/** Yu'e Bao in the api: users' transfers and figures, operators' settings, holidays and dashboard. */
@Module({
  controllers: [EarnController, AdminEarnController, EarnCoverageController],
  providers: [EarnRepository, AdminEarnRepository, EarnService, AdminEarnService, EarnCoverageRepository, EarnCoverageService],
  exports: [EarnCoverageService],
})
export class EarnModule {}
