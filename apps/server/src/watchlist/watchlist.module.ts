import { Module } from '@nestjs/common';
import { WatchlistController } from './watchlist.controller.js';
import { WatchlistRepository } from './watchlist.repository.js';

/** The users' favourite products (`/api/me/watchlist`). */
@Module({
  controllers: [WatchlistController],
  providers: [WatchlistRepository],
})
export class WatchlistModule {}
