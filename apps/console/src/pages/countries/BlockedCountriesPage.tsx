import { useTranslation } from 'react-i18next';
import { PermissionGate } from '../../components/PermissionGate';
import { PageHeader } from '../../components/Shell';
import { ErrorState, Loading } from '../../components/States';
import { BlockedCountriesCard } from '../../features/countries/BlockedCountriesCard';
import { useBlockedCountries } from '../../features/countries/countriesApi';

function Screen() {
  const list = useBlockedCountries();
  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  return <BlockedCountriesCard data={list.data} />;
}

/** Blocked countries (admin only): by phone at registration, by nationality at identity verification. */
export function BlockedCountriesPage() {
  const { t } = useTranslation('consoleOperators');
  return (
    <>
      <PageHeader title={t('countries.title')} />
      <PermissionGate permission="countries.manage">
        <Screen />
      </PermissionGate>
    </>
  );
}
