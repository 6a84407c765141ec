import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountActivity } from '@candor/contracts';
import { EmptyState, ErrorState, ListFooter, PageHeader, SkeletonList } from '../../components';
import { describeChange, type Translate } from '../../features/market/catalogueChanges';
import { useAccountActivity } from '../../features/records/hooks';
import { actionKey } from '../../features/records/model';
import { errorText } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import styles from '../../features/records/records.module.css';

function ActivityRow({ entry }: { entry: AccountActivity }) {
  const { t } = useTranslation('records');
  // A catalogue change on a product the user had an order on (role "system"): the product and the change in words.
  const tr: Translate = (key, values) => t(key, values ?? {});
  return (
    <li className={styles.activity} data-testid="activity" data-action={entry.action}>
      <div className={styles.activityHead}>
        <span className={styles.rowTitle}>{t(`action.${actionKey(entry.action)}`, { defaultValue: t('action.other', { action: entry.action }) })}</span>
        <time className={styles.rowMeta} dateTime={entry.at}>
          {formatDateTime(new Date(entry.at), currentLanguage())}
        </time>
      </div>
      {entry.symbol ? (
        <p className={styles.rowMeta} data-testid="activity-product">
          {t('activity.product', { symbol: entry.symbol })}
        </p>
      ) : null}
      {entry.change ? (
        <p className={styles.change} data-testid="activity-change" data-field={entry.change.field}>
          {describeChange(entry.change, tr, currentLanguage())}
        </p>
      ) : null}
      <p className={styles.rowMeta}>{t('activity.by', { role: t(`role.${entry.role}`, { defaultValue: entry.role }) })}</p>
      {entry.reason ? (
        <p className={styles.reason} data-testid="activity-reason">
          {t('activity.reason', { reason: entry.reason })}
        </p>
      ) : null}
    </li>
  );
}

/** /pages/activity/activity: what platform staff did on this account, and catalogue changes to products the user traded, newest first. */
export default function AccountActivityPage() {
  const { t } = useTranslation('records');
  const activity = useAccountActivity();
  // Keyset pages never overlap, and two entries may share every shown field: no de-duplication here.
  const list = useMemo(() => activity.data?.pages.flatMap((p) => p.items) ?? [], [activity.data]);
  return (
    <main className="page" data-testid="account-activity">
      <PageHeader title={t('activity.title')} back />
      <div className="page__body">
        <p className={styles.note}>{t('activity.note')}</p>
        {activity.isPending ? (
          <SkeletonList rows={4} />
        ) : activity.isError ? (
          <ErrorState message={errorText(activity.error, t)} onRetry={() => void activity.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState icon="shield" title={t('activity.empty')} description={t('activity.emptyHint')} />
        ) : (
          <>
            <ul className={`card ${styles.list}`} data-testid="activity-list">
              {list.map((e, i) => (
                <ActivityRow key={`${e.at}-${i}`} entry={e} />
              ))}
            </ul>
            <ListFooter
              hasNext={activity.hasNextPage}
              loading={activity.isFetchingNextPage}
              onMore={() => void activity.fetchNextPage()}
              endText={t('activity.end')}
            />
          </>
        )}
      </div>
    </main>
  );
}
