import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@candor/contracts';
import { useAuditLog, type AuditFilters } from '../api/queries';
import { PageHeader } from '../components/Shell';
import { Empty, ErrorState, Loading } from '../components/States';
import { formatDateTime } from '../components/format';

/** Actions the console knows how to name; anything else is shown as its raw code. */
const KNOWN_ACTIONS = ['operator.login', 'operator.logout', 'product.update'];

export function AuditPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const action = params.get('action') ?? '';
  const userId = params.get('userId') ?? '';
  const filters: AuditFilters = useMemo(() => ({ action, userId }), [action, userId]);
  const [draft, setDraft] = useState(filters);
  const [shown, setShown] = useState(filters);
  if (shown !== filters) {
    // the URL changed (a row's filter link, back/forward): show its filters in the form
    setShown(filters);
    setDraft(filters);
  }
  const q = useAuditLog(filters);
  const entries = q.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Boolean(filters.action || filters.userId);

  function apply(next: AuditFilters) {
    const p = new URLSearchParams();
    if (next.action.trim()) p.set('action', next.action.trim());
    if (next.userId.trim()) p.set('userId', next.userId.trim());
    setParams(p);
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    apply(draft);
  }

  return (
    <>
      <PageHeader title={t('audit.title')}>
        <button type="button" className="btn" onClick={() => void q.refetch()} disabled={q.isFetching}>
          {q.isFetching && !q.isFetchingNextPage ? t('common.loading') : t('common.refresh')}
        </button>
      </PageHeader>
      <p className="notice notice-info" data-testid="audit-append-only">
        <strong>{t('audit.appendOnlyTitle')}</strong> {t('audit.appendOnly')}
      </p>
      <form className="filters card" onSubmit={submit} aria-label={t('audit.filters')}>
        <label className="field">
          <span>{t('audit.action')}</span>
          <input
            name="action"
            list="audit-actions"
            value={draft.action}
            placeholder={t('audit.actionPlaceholder')}
            maxLength={100}
            onChange={(e) => setDraft({ ...draft, action: e.target.value })}
          />
          <datalist id="audit-actions">
            {KNOWN_ACTIONS.map((a) => (
              <option key={a} value={a} />
            ))}
          </datalist>
        </label>
        <label className="field">
          <span>{t('audit.userId')}</span>
          <input
            name="userId"
            value={draft.userId}
            placeholder={t('audit.userIdPlaceholder')}
            maxLength={100}
            onChange={(e) => setDraft({ ...draft, userId: e.target.value })}
          />
        </label>
        <div className="filter-actions">
          <button type="submit" className="btn btn-primary">
            {t('audit.apply')}
          </button>
          <button type="button" className="btn" disabled={!filtered && !draft.action && !draft.userId} onClick={() => apply({ action: '', userId: '' })}>
            {t('audit.clear')}
          </button>
        </div>
      </form>

      {q.isPending ? (
        <Loading />
      ) : q.isError && !entries.length ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : !entries.length ? (
        <Empty>{filtered ? t('audit.emptyFiltered') : t('audit.empty')}</Empty>
      ) : (
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
                  <th>{t('audit.ip')}</th>
                  <th>{t('audit.details')}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => (
                  <AuditRow key={e.id} entry={e} onFilter={(f) => apply({ ...filters, ...f })} />
                ))}
              </tbody>
            </table>
          </div>
          {q.isFetchNextPageError ? <ErrorState error={q.error} onRetry={() => void q.fetchNextPage()} /> : null}
          <div className="load-more">
            {q.hasNextPage ? (
              <button type="button" className="btn" data-testid="audit-load-more" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
                {q.isFetchingNextPage ? t('common.loading') : t('audit.loadMore')}
              </button>
            ) : (
              <span className="muted small">{t('audit.end', { count: entries.length })}</span>
            )}
          </div>
        </>
      )}
    </>
  );
}

function AuditRow({ entry, onFilter }: { entry: AuditEntry; onFilter: (f: Partial<AuditFilters>) => void }) {
  const { t } = useTranslation();
  const details = entry.details === null || entry.details === undefined ? '' : JSON.stringify(entry.details, null, 2);
  return (
    <tr data-testid="audit-row" data-action={entry.action} data-target-type={entry.targetType ?? ''} data-target-id={entry.targetId ?? ''}>
      <td className="nowrap" data-label={t('audit.time')}>
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </td>
      <td data-label={t('audit.operator')}>{entry.operatorEmail ?? (entry.operatorId ? <code>{entry.operatorId}</code> : <span className="muted">{t('audit.system')}</span>)}</td>
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
      <td data-label={t('audit.ip')}>{entry.ip ?? '—'}</td>
      <td data-label={t('audit.details')} className="details-cell">
        {details ? (
          <details>
            <summary>{t('audit.show')}</summary>
            <pre data-testid="audit-details">{details}</pre>
          </details>
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}
