import { Module } from '@nestjs/common';
import { PriceAlertsController } from './price-alerts.controller.js';
import { PriceAlertsRepository } from './price-alerts.repository.js';
import { PriceAlertsService } from './price-alerts.service.js';

/** The users' price alerts in the api (`/api/me/alerts`); they are fired by PriceAlertWatcherModule in the feed's process. */
@Module({
  controllers: [PriceAlertsController],
  providers: [PriceAlertsRepository, PriceAlertsService],
})
export class PriceAlertsModule {}
