import { useTranslation } from 'react-i18next';
import { OPS_ROLES } from '@candor/contracts';
import { useOpenOpsSession } from '../../lib/api/queries';
import { useOperator } from '../../lib/auth/AuthProvider';
import { PageHeader } from '../../components/Shell';
import { ErrorState } from '../../components/States';
import { PermissionGate } from '../../components/PermissionGate';

/**
 * The queues dashboard (/ops/queues) is a page of its own that the api serves behind a cookie: this
 * page asks the api for that cookie with the console's session, then opens it in this tab.
 */
function QueuesScreen() {
  const { t } = useTranslation();
  const operator = useOperator();
  const open = useOpenOpsSession();
  const allowed = OPS_ROLES.includes(operator.role);
  return (
    <>
      <PageHeader title={t('queues.title')} />
      <section className="card" aria-labelledby="queues-about">
        <h2 id="queues-about">{t('queues.aboutTitle')}</h2>
        <p>{t('queues.explain')}</p>
        <p className="notice notice-honest">
          <strong>{t('queues.readOnlyTitle')}</strong> {t('queues.readOnly')}
        </p>
        {allowed ? (
          <>
            <button
              type="button"
              className="btn btn-primary"
              data-testid="open-queues"
              disabled={open.isPending || open.isSuccess}
              onClick={() => open.mutate(undefined, { onSuccess: (s) => window.location.assign(s.url) })}
            >
              {open.isPending || open.isSuccess ? t('queues.opening') : t('queues.open')}
            </button>
            <p className="muted small">{t('queues.note')}</p>
            {open.isError ? <ErrorState error={open.error} /> : null}
          </>
        ) : (
          <p className="notice notice-info" data-testid="queues-admins-only">
            {t('queues.adminsOnly', { role: t(`roles.${operator.role}`) })}
          </p>
        )}
      </section>
    </>
  );
}

export function QueuesPage() {
  return (
    <PermissionGate permission="ops.queues">
      <QueuesScreen />
    </PermissionGate>
  );
}
