import { Module } from '@nestjs/common';
import { AdminEarnController } from './admin-earn.controller.js';
import { AdminEarnRepository } from './admin-earn.repository.js';
import { AdminEarnService } from './admin-earn.service.js';
import { EarnController } from './earn.controller.js';
import { EarnRepository } from './earn.repository.js';
import { EarnService } from './earn.service.js';

/** Yu'e Bao in the api: users' transfers and figures, operators' settings, holidays and dashboard. */
@Module({
  controllers: [EarnController, AdminEarnController],
  providers: [EarnRepository, AdminEarnRepository, EarnService, AdminEarnService],
})
export class EarnModule {}
