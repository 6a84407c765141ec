import '../../features/kyc/kyc.css';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/Shell';
import { ErrorState, Loading } from '../../components/States';
import { PermissionGate } from '../../components/PermissionGate';
import { can, PAGE_PERMISSION } from '../../lib/auth/access';
import { useOperator } from '../../lib/auth/AuthProvider';
import { KYC_QUEUE_STATUSES, useKycDetail, type KycQueueStatus } from '../../features/kyc/kycApi';
import { KycQueueList } from '../../features/kyc/KycQueueList';
import { KycEarlier, KycFacts, KycImages, KycOutcome } from '../../features/kyc/KycDetailView';
import { KycDecisionPanel, type KycFlash } from '../../features/kyc/KycDecisionPanel';
import { KycStatusPill } from '../../features/kyc/KycStatusPill';

const isQueueStatus = (v: string | null): v is KycQueueStatus => (KYC_QUEUE_STATUSES as readonly (string | null)[]).includes(v);

/** The verification queue: waiting submissions oldest first, and tabs for the verified and rejected ones. */
export function KycQueuePage() {
  const { t } = useTranslation(['consoleKyc', 'console']);
  return (
    <>
      <PageHeader title={t('title')} />
      <PermissionGate permission={PAGE_PERMISSION.kyc}>
        <KycQueueScreen />
      </PermissionGate>
    </>
  );
}

function KycQueueScreen() {
  const { t } = useTranslation(['consoleKyc', 'console']);
  const [params] = useSearchParams();
  const asked = params.get('status');
  const status: KycQueueStatus = isQueueStatus(asked) ? asked : 'pending';
  return (
    <>
      <nav className="kyc-tabs" aria-label={t('queue.tabsLabel')}>
        {KYC_QUEUE_STATUSES.map((s) => (
          <Link
            key={s}
            to={s === 'pending' ? '/kyc' : `/kyc?status=${s}`}
            className={`kyc-tab${s === status ? ' active' : ''}`}
            aria-current={s === status ? 'page' : undefined}
            data-testid="kyc-tab"
            data-status={s}
          >
            {t(`queue.tabs.${s}`)}
          </Link>
        ))}
      </nav>
      <p className="muted small">{status === 'pending' ? t('queue.oldestFirst') : t('queue.history')}</p>
      <KycQueueList status={status} />
    </>
  );
}

/** One submission: both photos, the user's data, earlier attempts, and the decision while it waits. */
export function KycDetailPage() {
  const { t } = useTranslation(['consoleKyc', 'console']);
  const operator = useOperator();
  // The header names the user once the submission is read; an operator without the permission sees why not.
  if (!can(operator, PAGE_PERMISSION.kyc))
    return (
      <>
        <PageHeader title={t('title')} />
        <PermissionGate permission={PAGE_PERMISSION.kyc}>{null}</PermissionGate>
      </>
    );
  return <KycDetailScreen />;
}

function KycDetailScreen() {
  const { t } = useTranslation(['consoleKyc', 'console']);
  const { id = '' } = useParams();
  const detail = useKycDetail(id);
  const [flash, setFlash] = useState<KycFlash | null>(null);
  const back = (
    <Link className="btn" to="/kyc" data-testid="kyc-back">
      {t('detail.backToQueue')}
    </Link>
  );

  if (detail.isPending) return <Loading />;
  if (detail.isError)
    return (
      <>
        <PageHeader title={t('title')}>{back}</PageHeader>
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
      </>
    );
  const d = detail.data;
  return (
    <div data-testid="kyc-detail" data-id={d.id} data-status={d.status}>
      <PageHeader title={t('detail.title', { name: d.name })}>{back}</PageHeader>
      <div className="kyc-summary">
        <KycStatusPill status={d.status} final={d.final} />
        <span className="muted">{t('detail.attemptN', { n: d.attempt })}</span>
      </div>
      <div aria-live="polite">
        {flash ? (
          <p
            className={`notice ${flash.tone === 'ok' ? 'notice-info' : 'notice-error'}`}
            role={flash.tone === 'bad' ? 'alert' : 'status'}
            data-testid="kyc-flash"
            data-tone={flash.tone}
          >
            {flash.text}
          </p>
        ) : null}
      </div>
      <KycImages submission={d} />
      <div className="kyc-columns">
        <KycFacts detail={d} />
        {d.status === 'pending' ? (
          <KycDecisionPanel key={d.id} submission={d} onFlash={setFlash} />
        ) : (
          <section className="card">
            <h2>{t('detail.outcome')}</h2>
            <KycOutcome submission={d} />
          </section>
        )}
      </div>
      <KycEarlier earlier={d.earlier} />
    </div>
  );
}
