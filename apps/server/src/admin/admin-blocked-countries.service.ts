import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { BlockedCountries, BlockedCountriesBody } from '@candor/contracts';
import { isNationality, normalizeCountryList } from '@candor/domain';
import { Clock } from '../common/clock.js';
import { DomainError } from '../common/domain-error.js';
import { BlockedCountriesRepository } from '../countries/blocked-countries.repository.js';
import { asList, BlockedCountriesService } from '../countries/blocked-countries.service.js';
import { AuditService } from './audit.service.js';

/** Only the languages given, trimmed. */
function cleanMessage(m: BlockedCountriesBody['message']): Record<string, string> {
  return Object.fromEntries(Object.entries(m).flatMap(([k, v]) => (v && v.trim() ? [[k, v.trim()]] : [])));
}

/** Admins' side of the blocked countries: the whole list replaced at once, audited with the one before. */
@Injectable()
export class AdminBlockedCountriesService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly repo: BlockedCountriesRepository,
    private readonly countries: BlockedCountriesService,
  ) {}

  get(): Promise<BlockedCountries> {
    return this.countries.get();
  }

  async update(body: BlockedCountriesBody, who: { operatorId: string; ip: string | null }): Promise<BlockedCountries> {
    const phone = normalizeCountryList(body.phone);
    const nationality = normalizeCountryList(body.nationality);
    if (phone.some((c) => !isNationality(c))) throw new DomainError('VALIDATION_FAILED', 'phone');
    if (nationality.some((c) => !isNationality(c))) throw new DomainError('VALIDATION_FAILED', 'nationality');
    const message = cleanMessage(body.message);
    await this.ds.transaction(async (em) => {
      const before = asList(await this.repo.lock(em));
      await this.repo.write(em, { phone, nationality, message, operatorId: who.operatorId, now: this.clock.now() });
      await this.audit.record(
        {
          operatorId: who.operatorId,
          action: 'countries.update',
          targetType: 'blocked_countries',
          details: { before, after: { phone, nationality, message } },
          ip: who.ip,
        },
        em,
      );
    });
    return this.countries.get();
  }
}
