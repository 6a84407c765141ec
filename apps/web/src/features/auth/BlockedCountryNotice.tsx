import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AppInfo } from '../../lib/appInfo';
import { api } from '../../lib/api';
import { API } from '../../lib/wire';

/** The blocked countries of `GET /api/app-info`, with the operators' message in the reader's language. */
function useBlockedCountries() {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return useQuery({
    queryKey: ['app-info', 'blocked-countries', lang],
    queryFn: ({ signal }) => api.get<AppInfo>(API.appInfo, { signal, query: { lang } }),
    select: (info) => info.blockedCountries ?? null,
    staleTime: 60_000,
  });
}

/**
 * Said before the form is sent: the platform does not serve the phone country chosen. The operators' own
 * message when they wrote one (else a sentence of ours); the server refuses the registration anyway.
 */
export function BlockedCountryNotice({ country }: { country: string }) {
  const { t } = useTranslation('auth');
  const blocked = useBlockedCountries();
  if (!blocked.data?.phone.includes(country)) return null;
  return (
    <p className="form-alert" role="alert" data-testid="register-country-blocked">
      {blocked.data.message || t('blockedCountry')}
    </p>
  );
}
