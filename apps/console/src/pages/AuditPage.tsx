import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, SCHEDULED_FIELDS, type AuditEntry, type ScheduledField } from '@candor/contracts';
import { useAuditLog, type AuditFilters } from '../api/queries';
import { PageHeader } from '../components/Shell';
import { Empty, ErrorState, Loading } from '../components/States';
import { formatDateTimeShort, formatInstant } from '../components/format';
import { formatChangeValue } from '../features/products/scheduledText';
import { PermissionGate } from '../components/PermissionGate';

const FILTER_KEYS = ['action', 'userId', 'operatorId'] as const;
const NO_FILTERS: AuditFilters = { action: '', userId: '', operatorId: '' };

function AuditScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const action = params.get('action') ?? '';
  const userId = params.get('userId') ?? '';
  const operatorId = params.get('operatorId') ?? '';
  const filters: AuditFilters = useMemo(() => ({ action, userId, operatorId }), [action, userId, operatorId]);
  const [draft, setDraft] = useState(filters);
  const [shown, setShown] = useState(filters);
  if (shown !== filters) {
    // the URL changed (a row's filter link, back/forward): show its filters in the form
    setShown(filters);
    setDraft(filters);
  }
  const q = useAuditLog(filters);
  const entries = q.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = FILTER_KEYS.some((k) => filters[k]);
  const drafted = FILTER_KEYS.some((k) => draft[k]);

  function apply(next: AuditFilters) {
    const p = new URLSearchParams();
    for (const k of FILTER_KEYS) if (next[k].trim()) p.set(k, next[k].trim());
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
            {AUDIT_ACTIONS.map((a) => (
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
        <label className="field">
          <span>{t('audit.operatorId')}</span>
          <input
            name="operatorId"
            value={draft.operatorId}
            placeholder={t('audit.operatorIdPlaceholder')}
            maxLength={100}
            onChange={(e) => setDraft({ ...draft, operatorId: e.target.value })}
          />
        </label>
        <div className="filter-actions">
          <button type="submit" className="btn btn-primary">
            {t('audit.apply')}
          </button>
          <button type="button" className="btn" disabled={!filtered && !drafted} onClick={() => apply(NO_FILTERS)}>
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
            <Details details={entry.details} />
          </details>
        )}
      </td>
    </tr>
  );
}

type Change = { before: Record<string, unknown>; after: Record<string, unknown> };
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isChange = (v: unknown): v is Change & Record<string, unknown> => isRecord(v) && isRecord(v.before) && isRecord(v.after);
const PRODUCT_FIELDS = [
  'names',
  'precision',
  'timezone',
  'hours',
  'holidays',
  'maintenance',
  'suspended',
  'maintenanceMessage',
  'expiries',
  'minStake',
  'maxStake',
  'recommended',
  'enabled',
  'priceVenues',
] as const;
const show = (v: unknown): string => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));
/** A catalogue change's audit details (product.change_scheduled, _cancelled, _applied, _refused). */
type CatalogueDetails = { changeId: string; field: ScheduledField; from: unknown; to: unknown; effectiveAt: string };
const isCatalogueChange = (v: unknown): v is CatalogueDetails =>
  isRecord(v) && typeof v.changeId === 'string' && typeof v.effectiveAt === 'string' && (SCHEDULED_FIELDS as readonly unknown[]).includes(v.field);

/** A change is shown as field / before / after (a catalogue change in words, with when); anything else as its JSON. */
function Details({ details }: { details: unknown }) {
  const { t, i18n } = useTranslation();
  if (isCatalogueChange(details)) {
    const labels = { allDay: t('products.allDay'), simulated: t('products.simulated'), none: t('products.scheduled.none') };
    const at = formatInstant(details.effectiveAt);
    return (
      <table className="diff" data-testid="audit-diff" data-change-id={details.changeId}>
        <thead>
          <tr>
            <th>{t('audit.field')}</th>
            <th>{t('audit.before')}</th>
            <th>{t('audit.after')}</th>
          </tr>
        </thead>
        <tbody>
          <tr data-field={details.field}>
            <th scope="row">{t(`products.fields.${details.field}`)}</th>
            <td data-side="before">
              <code>{formatChangeValue(details.field, details.from, i18n.language, labels)}</code>
            </td>
            <td data-side="after">
              <code>{formatChangeValue(details.field, details.to, i18n.language, labels)}</code>
            </td>
          </tr>
          <tr data-field="effectiveAt">
            <th scope="row">{t('products.scheduled.effectiveAt')}</th>
            <td colSpan={2}>
              {at.local} · {t('products.utcTime', { time: at.utc })}
            </td>
          </tr>
        </tbody>
      </table>
    );
  }
  if (!isChange(details)) return <pre data-testid="audit-details">{JSON.stringify(details, null, 2)}</pre>;
  const fields = [...new Set([...Object.keys(details.before), ...Object.keys(details.after)])];
  const label = (f: string) => ((PRODUCT_FIELDS as readonly string[]).includes(f) ? t(`products.fields.${f as (typeof PRODUCT_FIELDS)[number]}`) : f);
  return (
    <table className="diff" data-testid="audit-diff">
      <thead>
        <tr>
          <th>{t('audit.field')}</th>
          <th>{t('audit.before')}</th>
          <th>{t('audit.after')}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => (
          <tr key={f} data-field={f}>
            <th scope="row">{label(f)}</th>
            <td data-side="before">
              <code>{show(details.before[f])}</code>
            </td>
            <td data-side="after">
              <code>{show(details.after[f])}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AuditPage() {
  return (
    <PermissionGate permission="audit.read">
      <AuditScreen />
    </PermissionGate>
  );
}
