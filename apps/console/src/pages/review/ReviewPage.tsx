import '../../features/money/money.css';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOperator } from '../../lib/auth/AuthProvider';
import { PageHeader } from '../../components/Shell';
import { Empty, ErrorState, Loading } from '../../components/States';
import { LoadMore } from '../../components/LoadMore';
import { PAGE_PERMISSION } from '../../lib/auth/access';
import { REVIEW_STATUSES, useReviewList, type ReviewKind } from '../../features/money/moneyApi';
import { ReviewCard } from '../../features/money/ReviewCard';
import type { Flash } from '../../features/money/useReviewDecision';
import { PermissionGate } from '../../components/PermissionGate';

export function WithdrawalsPage() {
  return <ReviewPage kind="withdrawals" />;
}
export function DepositsPage() {
  return <ReviewPage kind="deposits" />;
}

/** A review queue: requests in review, oldest first; other statuses are the history. */
function ReviewPage({ kind }: { kind: ReviewKind }) {
  const { t } = useTranslation(['consoleMoney', 'console']);
  return (
    <>
      <PageHeader title={t(kind === 'withdrawals' ? 'review.withdrawalsTitle' : 'review.depositsTitle')} />
      <PermissionGate permission={PAGE_PERMISSION[kind]}>
        <ReviewQueue kind={kind} />
      </PermissionGate>
    </>
  );
}

function ReviewQueue({ kind }: { kind: ReviewKind }) {
  const { t } = useTranslation(['consoleMoney', 'console']);
  const operator = useOperator();
  const [params, setParams] = useSearchParams();
  const asked = params.get('status') ?? 'in_review';
  const status = REVIEW_STATUSES[kind].includes(asked) ? asked : 'in_review';
  const list = useReviewList(kind, status);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const [flash, setFlash] = useState<Flash | null>(null);

  return (
    <>
      <div className="filters card">
        <label className="field field-narrow">
          <span>{t('review.statusFilter')}</span>
          <select
            name="status"
            value={status}
            onChange={(e) => {
              setFlash(null);
              setParams(e.target.value === 'in_review' ? {} : { status: e.target.value });
            }}
          >
            {REVIEW_STATUSES[kind].map((s) => (
              <option key={s} value={s}>
                {t(`status.${s as 'in_review'}`)}
              </option>
            ))}
          </select>
        </label>
        <p className="muted small">{t('review.oldestFirst')}</p>
        <div className="filter-actions">
          <button type="button" className="btn" onClick={() => void list.refetch()} disabled={list.isFetching}>
            {list.isFetching && !list.isFetchingNextPage ? t('console:common.loading') : t('console:common.refresh')}
          </button>
        </div>
      </div>
      <div aria-live="polite">
        {flash ? (
          <p
            className={`notice ${flash.tone === 'ok' ? 'notice-info' : 'notice-error'}`}
            role={flash.tone === 'bad' ? 'alert' : 'status'}
            data-testid="review-flash"
            data-tone={flash.tone}
          >
            {flash.text}
          </p>
        ) : null}
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.isError && !items.length ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : !items.length ? (
        <Empty>{status === 'in_review' ? t('review.emptyQueue') : t('review.emptyHistory')}</Empty>
      ) : (
        <>
          <div className="review-list" data-testid="review-list" data-kind={kind}>
            <p className="muted small">{t('review.shown', { n: items.length })}</p>
            {items.map((item) => (
              <ReviewCard key={item.id} kind={kind} item={item} operator={operator} onFlash={setFlash} />
            ))}
          </div>
          <LoadMore query={list} testId="review-load-more" moreLabel={t('review.loadMore')} endLabel={t('review.end', { n: items.length })} />
        </>
      )}
    </>
  );
}
