import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@candor/contracts';
import type { AuditFilters, useAuditLog } from '../../lib/api/queries';
import { Empty, ErrorState, Loading } from '../../components/States';
import { LoadMore } from '../../components/LoadMore';
import { formatDateTimeShort } from '../../lib/format';
import { AuditDetails } from './AuditDetails';

interface Props {
  q: ReturnType<typeof useAuditLog>;
  entries: AuditEntry[];
  filtered: boolean;
  /** A row's operator, action or user was clicked: filter by it as well. */
  onFilter(f: Partial<AuditFilters>): void;
}

/** The log newest first, a page at a time, or why there is nothing to show. */
export function AuditEntries({ q, entries, filtered, onFilter }: Props) {
  const { t } = useTranslation();
  if (q.isPending) return <Loading />;
  if (q.isError && !entries.length) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (!entries.length) return <Empty>{filtered ? t('audit.emptyFiltered') : t('audit.empty')}</Empty>;
  return (
    <>
      <p className="muted small">{t('audit.newestFirst')}</p>
      <div className="table-wrap card flush">
        <table className="audit-table" data-testid="audit-table">
          <thead>
            <tr>
              <th>{t('audit.time')}</th>
              <th>{t('audit.operator')}</th>
              <th>{t('audit.action')}</th>
              <th>{t('audit.target')}</th>
              <th>{t('audit.userId')}</th>
              <th>{t('audit.details')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <AuditRow key={e.id} entry={e} onFilter={onFilter} />
            ))}
          </tbody>
        </table>
      </div>
      <LoadMore query={q} testId="audit-load-more" moreLabel={t('audit.loadMore')} endLabel={t('audit.end', { count: entries.length })} />
    </>
  );
}

function AuditRow({ entry, onFilter }: { entry: AuditEntry; onFilter: (f: Partial<AuditFilters>) => void }) {
  const { t } = useTranslation();
  const empty = entry.details === null || entry.details === undefined || (typeof entry.details === 'object' && Object.keys(entry.details).length === 0);
  return (
    <tr data-testid="audit-row" data-action={entry.action} data-target-type={entry.targetType ?? ''} data-target-id={entry.targetId ?? ''}>
      <td data-label={t('audit.time')}>
        <time dateTime={entry.createdAt}>{formatDateTimeShort(entry.createdAt)}</time>
      </td>
      <td data-label={t('audit.operator')}>
        <div>
          {entry.operatorId ? (
            <button type="button" className="link-button" title={t('audit.filterBy')} onClick={() => onFilter({ operatorId: entry.operatorId ?? '' })}>
              {entry.operatorEmail ?? <code>{entry.operatorId}</code>}
            </button>
          ) : (
            '—'
          )}
          {entry.ip ? (
            <div className="muted small" title={t('audit.ip')}>
              {t('audit.ip')} {entry.ip}
            </div>
          ) : null}
        </div>
      </td>
      <td data-label={t('audit.action')}>
        <button type="button" className="link-button" title={t('audit.filterBy')} onClick={() => onFilter({ action: entry.action })}>
          <code>{entry.action}</code>
        </button>
      </td>
      <td data-label={t('audit.target')}>
        {entry.targetType || entry.targetId ? (
          <span>
            {entry.targetType ? <span className="muted">{entry.targetType} </span> : null}
            <code>{entry.targetId ?? ''}</code>
          </span>
        ) : (
          '—'
        )}
      </td>
      <td data-label={t('audit.userId')}>
        {entry.userId ? (
          <button type="button" className="link-button" title={t('audit.filterBy')} onClick={() => onFilter({ userId: entry.userId ?? '' })}>
            <code>{entry.userId}</code>
          </button>
        ) : (
          '—'
        )}
      </td>
      <td data-label={t('audit.details')} className="details-cell">
        {empty ? (
          '—'
        ) : (
          <details>
            <summary>{t('audit.show')}</summary>
            <AuditDetails details={entry.details} />
          </details>
        )}
      </td>
    </tr>
  );
}
