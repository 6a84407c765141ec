import { Controller, Get, Put, Req, UseGuards } from '@nestjs/common';
import { blockedCountriesBody, type BlockedCountries, type BlockedCountriesBody } from '@candor/contracts';
import type { HttpRequest } from '../common/http.js';
import { clientIp } from '../common/request-context.js';
import { ApiFeature, Doc, ZodBody } from '../common/openapi.js';
import { CurrentOperator, OperatorAuthGuard, Permission, type AuthOperator } from '../auth/auth.guard.js';
import { AdminBlockedCountriesService } from './admin-blocked-countries.service.js';

/** The operators' list of countries the platform does not serve (admin only). */
@Controller('admin/blocked-countries')
@UseGuards(OperatorAuthGuard)
@ApiFeature('admin')
export class AdminBlockedCountriesController {
  constructor(private readonly countries: AdminBlockedCountriesService) {}

  @Get()
  @Permission('countries.manage')
  @Doc('The blocked countries (by phone and by nationality), their message per language and the last change', { ok: 'BlockedCountries' })
  get(): Promise<BlockedCountries> {
    return this.countries.get();
  }

  @Put()
  @Permission('countries.manage')
  @Doc('Replace the blocked countries and their message; audited with the list before', {
    ok: 'BlockedCountries',
    description:
      '`phone` refuses registration with a number of the country, `nationality` refuses identity verification (ISO 3166-1 alpha-2 codes); `message` per locale, zh-TW required (the fallback).',
  })
  put(@ZodBody(blockedCountriesBody) body: BlockedCountriesBody, @CurrentOperator() o: AuthOperator, @Req() req: HttpRequest): Promise<BlockedCountries> {
    return this.countries.update(body, { operatorId: o.id, ip: clientIp(req) });
  }
}
