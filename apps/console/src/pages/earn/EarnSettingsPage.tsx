import { useTranslation } from 'react-i18next';
import { useOperator } from '../../lib/auth/AuthProvider';
import { can } from '../../lib/auth/access';
import { PermissionGate } from '../../components/PermissionGate';
import { PageHeader } from '../../components/Shell';
import { ErrorState, Loading } from '../../components/States';
import { EarnDashboardCard } from '../../features/earn/EarnDashboardCard';
import { HolidaysCard } from '../../features/earn/HolidaysCard';
import { SettingsCard } from '../../features/earn/SettingsCard';
import { useEarnSettings } from '../../features/earn/earnApi';
import '../../features/earn/earn.css';

function Screen() {
  const { t } = useTranslation('consoleEarn');
  const operator = useOperator();
  const canManage = can(operator, 'earn.manage');
  const settings = useEarnSettings();
  return (
    <>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsCard data={settings.data} canManage={canManage} />
      )}
      <div className="grid-2">
        <HolidaysCard canManage={canManage} />
        <EarnDashboardCard />
      </div>
      {canManage ? null : <p className="muted small">{t('settings.readOnly')}</p>}
    </>
  );
}

/** Yu'e Bao's settings screen: rate, cut-off, zone, minimum, limits, holidays. */
export function EarnSettingsPage() {
  const { t } = useTranslation('consoleEarn');
  return (
    <>
      <PageHeader title={t('title')} />
      <PermissionGate permission="earn.read">
        <Screen />
      </PermissionGate>
    </>
  );
}
