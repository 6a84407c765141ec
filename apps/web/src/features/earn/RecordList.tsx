import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EarnRecord, EarnRecordType } from '@candor/contracts';
import { EmptyState, ErrorState, ListFooter, Loading } from '../../components';
import { errorText } from '../../lib/errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { flattenPages } from '../../lib/paging';
import { formatCalendarDate, formatZoned } from './format';
import { useEarnRecords } from './hooks';
import styles from './earn.module.css';

const FILTERS: (EarnRecordType | '')[] = ['', 'in', 'out', 'income'];

function Record({ r, timeZone }: { r: EarnRecord; timeZone: string }) {
  const { t, i18n } = useTranslation('earn');
  const lng = i18n.language;
  const sign = r.type === 'out' ? '-' : '+';
  return (
    <li className={styles.record} data-testid="earn-record" data-type={r.type} data-status={r.status}>
      <div className={styles.recordHead}>
        <span className={styles.recordType}>{t(`records.type.${r.type}`)}</span>
        <span className={`num ${r.type === 'out' ? '' : 'num--up'}`}>
          {sign}
          {formatMoney(r.amount)}
        </span>
      </div>
      <div className={styles.recordMeta}>
        <span className={`${styles.status} ${styles[`status-${r.status}`] ?? ''}`} data-testid="earn-record-status">
          {t(`records.status.${r.status}`)}
        </span>
        <time dateTime={r.createdAt}>{formatDateTime(new Date(r.createdAt), lng)}</time>
      </div>
      {r.type === 'in' ? (
        <dl className={styles.recordDates}>
          <dt>{t('receipt.tradeDate')}</dt>
          <dd>{formatCalendarDate(r.tradeDate, lng)}</dd>
          <dt>{t('receipt.confirmAt')}</dt>
          <dd data-testid="earn-record-confirm">{formatZoned(r.confirmAt, lng, timeZone)}</dd>
          <dt>{t('receipt.firstIncomeOn')}</dt>
          <dd data-testid="earn-record-first-income">{formatCalendarDate(r.firstIncomeOn, lng)}</dd>
          <dt>{t('receipt.withdrawableAt')}</dt>
          <dd>{formatZoned(r.withdrawableAt, lng, timeZone)}</dd>
          {r.remaining !== undefined && r.remaining !== r.amount ? (
            <>
              <dt>{t('records.remaining')}</dt>
              <dd className="num">{formatMoney(r.remaining)}</dd>
            </>
          ) : null}
        </dl>
      ) : r.type === 'income' ? (
        <dl className={styles.recordDates}>
          <dt>{t('records.earnedOn')}</dt>
          <dd data-testid="earn-record-date">{formatCalendarDate(r.date, lng)}</dd>
        </dl>
      ) : null}
    </li>
  );
}

/** Transfers in and out and the daily income, newest first, with a type filter and infinite scroll. */
export function RecordList({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('earn');
  const [type, setType] = useState<EarnRecordType | ''>('');
  const list = useEarnRecords(type);
  const items = flattenPages(list.data);
  let body;
  if (list.isPending) body = <Loading />;
  else if (list.isError) body = <ErrorState message={errorText(list.error, t)} onRetry={() => void list.refetch()} />;
  else if (items.length === 0) body = <EmptyState icon="records" title={t('records.empty')} />;
  else
    body = (
      <>
        <ul className={styles.records} data-testid="earn-records">
          {items.map((r) => (
            <Record key={r.id} r={r} timeZone={timeZone} />
          ))}
        </ul>
        <ListFooter hasNext={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} endText={t('records.end')} />
      </>
    );
  return (
    <section aria-label={t('records.title')}>
      <h2 className={styles.sectionTitle}>{t('records.title')}</h2>
      <div className={styles.tabs} role="tablist">
        {FILTERS.map((f) => (
          <button
            key={f || 'all'}
            type="button"
            role="tab"
            aria-selected={type === f}
            className={type === f ? `${styles.tab} ${styles.tabOn}` : styles.tab}
            onClick={() => setType(f)}
            data-testid={`earn-filter-${f || 'all'}`}
          >
            {t(f ? `records.type.${f}` : 'records.all')}
          </button>
        ))}
      </div>
      {body}
    </section>
  );
}
