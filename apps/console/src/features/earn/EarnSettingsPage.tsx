import { useTranslation } from 'react-i18next';
import { useOperator } from '../../auth/AuthProvider';
import { can } from '../../auth/access';
import { PermissionGate } from '../../components/PermissionGate';
import { PageHeader } from '../../components/Shell';
import { ErrorState, Loading } from '../../components/States';
import { EarnDashboardCard } from './EarnDashboardCard';
import { HolidaysCard } from './HolidaysCard';
import { SettingsCard } from './SettingsCard';
import { useEarnSettings } from './earnApi';
import './earn.css';

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
