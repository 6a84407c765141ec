import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CapitalRecord } from '@candor/contracts';
import { Button, EmptyState, ErrorState, Icon, ListFooter, PageHeader, SkeletonList, useToast } from '../../components';
import { useCapitalRecords, useExportRecords } from '../../features/records/hooks';
import { RECORD_TYPES, isRecordType, recordsQuery, type RecordFilter } from '../../features/records/model';
import { flattenPages } from '../../lib/paging';
import { errorText } from '../../lib/errors';
import { formatDateTime, formatMoney, moneySign } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { ROUTES } from '../../lib/paths';
import styles from '../../features/records/records.module.css';

function RecordRow({ record }: { record: CapitalRecord }) {
  const { t } = useTranslation('records');
  const sign = moneySign(record.amount);
  return (
    <li>
      <Link
        to={`${ROUTES.particulars}?id=${encodeURIComponent(record.id)}`}
        className={styles.row}
        data-testid="capital-record"
        data-record-id={record.id}
        data-type={record.type}
        data-action={record.action}
        data-status={record.status ?? undefined}
      >
        <span className={styles.rowMain}>
          <span className={styles.rowTitle}>{t(`type.${record.type}`, { defaultValue: record.type })}</span>
          <span className={styles.rowMeta}>
            <span>{formatDateTime(new Date(record.createdAt), currentLanguage())}</span>
            {record.status ? <span data-testid="record-status">{t(`rowStatus.${record.status}`)}</span> : null}
          </span>
        </span>
        <span className={styles.rowSide}>
          <span className={`num ${styles.amount} ${sign > 0 ? 'num--up' : sign < 0 ? 'num--down' : ''}`} data-testid="record-amount">
            {formatMoney(record.amount, { sign: true })}
          </span>
          {/* What came back later as part of the same action: an order's payout, a refused withdrawal's amount. */}
          {record.returned !== null && record.action !== 'order' ? (
            <span className={`num ${styles.rowMeta}`} data-testid="record-returned">
              {t('moneyRecord.returned', { amount: formatMoney(record.returned) })}
            </span>
          ) : null}
          {record.returned !== null && record.action === 'order' ? (
            <span className={`num ${styles.rowMeta}`} data-testid="record-returned">
              {t('moneyRecord.payout', { amount: formatMoney(record.returned) })}
            </span>
          ) : null}
          <span className={styles.rowMeta} data-testid="record-balance">
            {t('moneyRecord.balanceAfter', { amount: formatMoney(record.balanceAfter) })}
          </span>
        </span>
        <Icon name="chevron" size={16} className={styles.chevron} />
      </Link>
    </li>
  );
}

/** /pages/money-record/money-record?type=&from=&to=: one row per action on the real accounts, newest first. */
export default function CapitalRecordsPage() {
  const { t } = useTranslation('records');
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const filter: RecordFilter = { type: isRecordType(typeParam) ? typeParam : '', from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const invalid = recordsQuery(filter) === 'invalid';
  const records = useCapitalRecords(filter);
  const exporter = useExportRecords();
  const list = useMemo(() => flattenPages(records.data), [records.data]);
  const filtered = filter.type !== '' || filter.from !== '' || filter.to !== '';

  const setFilter = (patch: Partial<RecordFilter>) => {
    const next = { ...filter, ...patch };
    const entries = Object.entries(next).filter(([, v]) => v !== '');
    setParams(Object.fromEntries(entries), { replace: true });
  };

  const exportCsv = () =>
    exporter.mutate(filter, {
      onSuccess: () => toast.success(t('moneyRecord.exported')),
      onError: (e) => toast.error(errorText(e, t)),
    });

  return (
    <main className="page" data-testid="money-record">
      <PageHeader title={t('moneyRecord.title')} back />
      <div className="page__body">
        <section className={`card ${styles.filters}`} aria-label={t('moneyRecord.filters')}>
          <label className={styles.filterField}>
            <span className={styles.filterLabel}>{t('moneyRecord.type')}</span>
            <select
              className={styles.control}
              value={filter.type}
              onChange={(e) => setFilter({ type: e.target.value as RecordFilter['type'] })}
              data-testid="filter-type"
            >
              <option value="">{t('moneyRecord.allTypes')}</option>
              {RECORD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`type.${type}`)}
                </option>
              ))}
            </select>
          </label>
          <div className={styles.dates}>
            <label className={styles.filterField}>
              <span className={styles.filterLabel}>{t('moneyRecord.from')}</span>
              <input
                type="date"
                className={styles.control}
                value={filter.from}
                max={filter.to || undefined}
                onChange={(e) => setFilter({ from: e.target.value })}
                data-testid="filter-from"
              />
            </label>
            <label className={styles.filterField}>
              <span className={styles.filterLabel}>{t('moneyRecord.to')}</span>
              <input
                type="date"
                className={styles.control}
                value={filter.to}
                min={filter.from || undefined}
                onChange={(e) => setFilter({ to: e.target.value })}
                data-testid="filter-to"
              />
            </label>
          </div>
          {invalid ? (
            <p className={styles.error} role="alert">
              {t('moneyRecord.invalidRange')}
            </p>
          ) : null}
          <div className={styles.filterActions}>
            {filtered ? (
              <Button variant="ghost" size="sm" onClick={() => setParams({}, { replace: true })}>
                {t('moneyRecord.clear')}
              </Button>
            ) : null}
            <Button variant="secondary" size="sm" loading={exporter.isPending} disabled={invalid} onClick={exportCsv} data-testid="export-csv">
              {t('moneyRecord.export')}
            </Button>
          </div>
        </section>

        {invalid ? null : records.isPending ? (
          <SkeletonList rows={5} />
        ) : records.isError ? (
          <ErrorState message={errorText(records.error, t)} onRetry={() => void records.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState
            icon="records"
            title={filtered ? t('moneyRecord.emptyFiltered') : t('moneyRecord.empty')}
            description={filtered ? undefined : t('moneyRecord.emptyHint')}
          />
        ) : (
          <>
            <ul className={`card ${styles.list}`} data-testid="capital-records">
              {list.map((r) => (
                <RecordRow key={r.id} record={r} />
              ))}
            </ul>
            <ListFooter
              hasNext={records.hasNextPage}
              loading={records.isFetchingNextPage}
              onMore={() => void records.fetchNextPage()}
              endText={t('moneyRecord.end')}
            />
          </>
        )}
      </div>
    </main>
  );
}
