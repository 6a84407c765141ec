import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { AdminKycSubmission } from '@candor/contracts';
import { Empty, ErrorState, Loading } from '../../components/States';
import { LoadMore } from '../../components/LoadMore';
import { formatDateTimeShort } from '../../lib/format';
import { useKycQueue, type KycQueueStatus } from './kycApi';
import { nationalityLabel } from './kycText';
import { KycStatusPill } from './KycStatusPill';

/** One tab of the verification queue, a page at a time, or why there is nothing to show. */
export function KycQueueList({ status }: { status: KycQueueStatus }) {
  const { t } = useTranslation(['consoleKyc', 'console']);
  const q = useKycQueue(status);
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];

  if (q.isPending) return <Loading />;
  if (q.isError && !items.length) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (!items.length) return <Empty>{t(`queue.empty.${status}`)}</Empty>;
  return (
    <>
      <div className="table-wrap card flush">
        <table className="kyc-table" data-testid="kyc-queue" data-status={status}>
          <thead>
            <tr>
              <th>{t('queue.submittedAt')}</th>
              <th>{t('queue.user')}</th>
              <th>{t('queue.name')}</th>
              <th>{t('queue.nationality')}</th>
              <th>{t('queue.attempt')}</th>
              <th>{status === 'pending' ? t('queue.status') : t('queue.decidedAt')}</th>
              <th>
                <span className="sr-only">{t('queue.open')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((s) => (
              <QueueRow key={s.id} item={s} pending={status === 'pending'} />
            ))}
          </tbody>
        </table>
      </div>
      <LoadMore query={q} testId="kyc-load-more" moreLabel={t('queue.loadMore')} endLabel={t('queue.end', { n: items.length })} />
    </>
  );
}

function QueueRow({ item, pending }: { item: AdminKycSubmission; pending: boolean }) {
  const { t } = useTranslation(['consoleKyc', 'console']);
  const to = `/kyc/${encodeURIComponent(item.id)}`;
  return (
    <tr data-testid="kyc-row" data-id={item.id} data-user-id={item.userId} data-submitted-at={item.submittedAt}>
      <td className="nowrap" data-label={t('queue.submittedAt')}>
        {formatDateTimeShort(item.submittedAt)}
      </td>
      <td data-label={t('queue.user')}>{item.userEmail}</td>
      <td className="nowrap" data-label={t('queue.name')}>
        <Link to={to}>{item.name}</Link>
      </td>
      <td className="nowrap" data-label={t('queue.nationality')}>
        {nationalityLabel(item.nationality)}
      </td>
      <td className="num" data-label={t('queue.attempt')}>
        {item.attempt}
      </td>
      <td data-label={pending ? t('queue.status') : t('queue.decidedAt')}>
        {pending ? (
          <KycStatusPill status={item.status} final={item.final} />
        ) : (
          <>
            <span className="nowrap">{formatDateTimeShort(item.decidedAt)}</span>{' '}
            {item.reason ? <span className="muted small">{t(`reasons.${item.reason}`)}</span> : null}
            {item.final ? <KycStatusPill status={item.status} final /> : null}
          </>
        )}
      </td>
      <td className="kyc-open">
        <Link className={`btn btn-small${pending ? ' btn-primary' : ''}`} to={to} data-testid="kyc-open">
          {pending ? t('queue.review') : t('queue.view')}
        </Link>
      </td>
    </tr>
  );
}
