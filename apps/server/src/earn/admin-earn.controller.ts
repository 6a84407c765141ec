import { Controller, Delete, Get, HttpCode, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import type { z } from 'zod';
import {
  calendarDate,
  earnHolidayBody,
  earnHolidaysImportBody,
  earnHolidaysQuery,
  earnSettingsBody,
  type AdminEarnSettings,
  type EarnDashboard,
  type EarnHoliday,
  type EarnHolidayBody,
  type EarnHolidaysImport,
  type EarnHolidaysImportBody,
  type EarnSettingsBody,
} from '@candor/contracts';
import type { HttpRequest } from '../common/http.js';
import { DomainError } from '../common/domain-error.js';
import { clientIp } from '../common/request-context.js';
import { ApiFeature, Doc, ZodBody, ZodQuery } from '../common/openapi.js';
import { CurrentOperator, OperatorAuthGuard, Permission, type AuthOperator } from '../auth/auth.guard.js';
import { AdminEarnService } from './admin-earn.service.js';

@Controller('admin/earn')
@UseGuards(OperatorAuthGuard)
@ApiFeature('admin')
export class AdminEarnController {
  constructor(private readonly earn: AdminEarnService) {}

  @Get('settings')
  @Permission('earn.read')
  @Doc("Yu'e Bao's settings: the version in force, the one governing the next posting, and every version", { ok: 'AdminEarnSettings' })
  settings(): Promise<AdminEarnSettings> {
    return this.earn.settings();
  }

  @Put('settings')
  @Permission('earn.manage')
  @Doc("Change Yu'e Bao's settings: a new version, effective from the next posting (never before); audited", {
    ok: 'AdminEarnSettings',
    errors: ['EARN_RATE_NOT_COVERED'],
    description:
      'Any of `dailyRate` ("0.01" = 1 % a day, at most 0.1), `cutoff` ("HH:MM"), `timezone` (IANA), `minAmount`, `dailyInLimit`, `dailyOutLimit`. ' +
      "A raised `dailyRate` whose income on today's balances the platform's equity covers for fewer than 30 days is refused with `EARN_RATE_NOT_COVERED` (`daysCovered`, `maxRate`); a lower rate is always allowed.",
  })
  updateSettings(@ZodBody(earnSettingsBody) body: EarnSettingsBody, @CurrentOperator() o: AuthOperator, @Req() req: HttpRequest): Promise<AdminEarnSettings> {
    return this.earn.updateSettings(body, { operatorId: o.id, ip: clientIp(req) });
  }

  @Get('holidays')
  @Permission('earn.read')
  @Doc("Yu'e Bao's public holidays (no confirmation on them), by date", { ok: 'EarnHoliday[]' })
  holidays(@ZodQuery(earnHolidaysQuery) q: z.infer<typeof earnHolidaysQuery>): Promise<EarnHoliday[]> {
    return this.earn.holidays(q);
  }

  @Post('holidays')
  @HttpCode(201)
  @Permission('earn.manage')
  @Doc('Add a holiday (or rename the one on that date); audited. Lots already made keep their dates', { ok: 'EarnHoliday' })
  addHoliday(@ZodBody(earnHolidayBody) body: EarnHolidayBody, @CurrentOperator() o: AuthOperator, @Req() req: HttpRequest): Promise<EarnHoliday> {
    return this.earn.addHoliday(body, { operatorId: o.id, ip: clientIp(req) });
  }

  @Post('holidays/import')
  @HttpCode(200)
  @Permission('earn.manage')
  @Doc('Add a list of holidays at once (an existing date gets the new name); audited', { ok: 'EarnHolidaysImport' })
  importHolidays(
    @ZodBody(earnHolidaysImportBody) body: EarnHolidaysImportBody,
    @CurrentOperator() o: AuthOperator,
    @Req() req: HttpRequest,
  ): Promise<EarnHolidaysImport> {
    return this.earn.importHolidays(body.holidays, { operatorId: o.id, ip: clientIp(req) });
  }

  @Delete('holidays/:date')
  @HttpCode(204)
  @Permission('earn.manage')
  @Doc('Remove a holiday; audited', { errors: ['NOT_FOUND'] })
  async removeHoliday(@Param('date') date: string, @CurrentOperator() o: AuthOperator, @Req() req: HttpRequest): Promise<void> {
    if (!calendarDate.safeParse(date).success) throw new DomainError('NOT_FOUND');
    await this.earn.removeHoliday(date, { operatorId: o.id, ip: clientIp(req) });
  }

  @Get('dashboard')
  @Permission('earn.read')
  @Doc("Yu'e Bao's figures: shares confirmed and pending, the last income paid and what the next posting is expected to pay", { ok: 'EarnDashboard' })
  dashboard(): Promise<EarnDashboard> {
    return this.earn.dashboard();
  }
}
