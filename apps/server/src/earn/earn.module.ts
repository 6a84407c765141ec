import { Module } from '@nestjs/common';
import { WalletModule } from '../wallet/wallet.module.js';
import { AdminEarnController } from './admin-earn.controller.js';
import { AdminEarnService } from './admin-earn.service.js';
import { EarnController } from './earn.controller.js';
import { EarnRepository } from './earn.repository.js';
import { EarnService } from './earn.service.js';

/** Yu'e Bao in the api: users' transfers and figures, operators' settings, holidays and dashboard. */
@Module({
  imports: [WalletModule],
  controllers: [EarnController, AdminEarnController],
  providers: [EarnRepository, EarnService, AdminEarnService],
})
export class EarnModule {}
