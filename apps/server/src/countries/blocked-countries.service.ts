import { Injectable } from '@nestjs/common';
import type { BlockedCountries, PublicBlockedCountries } from '@candor/contracts';
import { blockedCountryMessage, isNationalityBlocked, isPhoneCountryBlocked, phoneCountryOf, type BlockedCountryList } from '@candor/domain';
import { DomainError } from '../common/domain-error.js';
import { BlockedCountriesRepository, type BlockedCountriesRow } from './blocked-countries.repository.js';

const EMPTY: BlockedCountryList = { phone: [], nationality: [], message: {} };

export const asList = (row: BlockedCountriesRow | null): BlockedCountryList =>
  row ? { phone: row.phone, nationality: row.nationality, message: row.message ?? {} } : EMPTY;

/**
 * The countries the platform does not serve: registration is refused for a phone number of a blocked country,
 * identity verification for a blocked nationality, both with COUNTRY_NOT_SERVED and the operators' message in
 * the user's language (else zh-TW). Read-only here: admins change the list (admin/admin-blocked-countries.service.ts).
 */
@Injectable()
export class BlockedCountriesService {
  constructor(private readonly repo: BlockedCountriesRepository) {}

  async get(): Promise<BlockedCountries> {
    const row = await this.repo.read();
    const list = asList(row);
    return {
      phone: [...list.phone],
      nationality: [...list.nationality],
      message: list.message,
      updatedAt: row?.updated_by ? new Date(row.updated_at).toISOString() : null,
      updatedBy: row?.updated_by ?? null,
    };
  }

  /** What the apps show before a form is sent: the lists and the message in `locale`. */
  async publicList(locale: string): Promise<PublicBlockedCountries> {
    const list = asList(await this.repo.read());
    return { phone: [...list.phone], nationality: [...list.nationality], message: blockedCountryMessage(list, locale) };
  }

  /** Refuses registration with a phone number (E.164) of a blocked country. */
  async assertPhoneServed(e164: string): Promise<void> {
    const country = phoneCountryOf(e164);
    const list = asList(await this.repo.read());
    if (isPhoneCountryBlocked(list, country)) throw this.refusal(list, 'phone', country!);
  }

  /** Refuses identity verification with a blocked nationality. */
  async assertNationalityServed(nationality: string): Promise<void> {
    const list = asList(await this.repo.read());
    if (isNationalityBlocked(list, nationality)) throw this.refusal(list, 'nationality', nationality.toUpperCase());
  }

  private refusal(list: BlockedCountryList, field: 'phone' | 'nationality', country: string): DomainError {
    const e = new DomainError('COUNTRY_NOT_SERVED', field, {}, { country });
    e.operatorMessage = list.message;
    return e;
  }
}
