import { Global, Module } from '@nestjs/common';
import { BlockedCountriesRepository } from './blocked-countries.repository.js';
import { BlockedCountriesService } from './blocked-countries.service.js';

/** Global: registration, identity verification and the app's info read the blocked countries. */
@Global()
@Module({
  providers: [BlockedCountriesRepository, BlockedCountriesService],
  exports: [BlockedCountriesService, BlockedCountriesRepository],
})
export class CountriesModule {}
