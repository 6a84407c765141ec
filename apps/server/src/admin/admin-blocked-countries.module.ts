import { Module } from '@nestjs/common';
import { AdminBlockedCountriesController } from './admin-blocked-countries.controller.js';
import { AdminBlockedCountriesService } from './admin-blocked-countries.service.js';

/** The blocked countries' admin route (the list itself and its checks are CountriesModule's, global). */
@Module({
  controllers: [AdminBlockedCountriesController],
  providers: [AdminBlockedCountriesService],
})
export class AdminBlockedCountriesModule {}
