import { Module } from '@nestjs/common';
import { FeedModule } from '../market/feed/feed.module.js';
import { MessagesRepository } from '../messages/messages.repository.js';
import { PriceAlertsRepository } from './price-alerts.repository.js';
import { PriceAlertWatcher } from './price-alert-watcher.js';

/** Fires price alerts where the feed writes ticks: in the worker, or in the feed's own process (main/feed.ts). */
@Module({
  imports: [FeedModule],
  providers: [PriceAlertsRepository, MessagesRepository, PriceAlertWatcher],
})
export class PriceAlertWatcherModule {}
