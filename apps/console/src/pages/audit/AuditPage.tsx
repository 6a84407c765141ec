import { useTranslation } from 'react-i18next';
import { AUDIT_CSV_MAX_ROWS } from '@candor/contracts';
import { useAuditLog, useExportAudit } from '../../lib/api/queries';
import { ErrorState } from '../../components/States';
import { PageHeader } from '../../components/Shell';
import { PermissionGate } from '../../components/PermissionGate';
import { AuditEntries } from '../../features/audit/AuditEntries';
import { AuditFilterForm } from '../../features/audit/AuditFilterForm';
import { NO_FILTERS, useAuditFilters } from '../../features/audit/useAuditFilters';

function AuditScreen() {
  const { t, i18n } = useTranslation();
  const { filters, draft, setDraft, filtered, drafted, apply, submit } = useAuditFilters();
  const q = useAuditLog(filters);
  const entries = q.data?.pages.flatMap((p) => p.items) ?? [];
  const exporter = useExportAudit();
  const limit = AUDIT_CSV_MAX_ROWS.toLocaleString(i18n.language);

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
      <AuditFilterForm draft={draft} clearable={filtered || drafted} onChange={setDraft} onSubmit={submit} onClear={() => apply(NO_FILTERS)} />
      <div className="audit-export">
        <button
          type="button"
          className="btn"
          data-testid="audit-export"
          disabled={exporter.isPending}
          onClick={() => exporter.mutate(filters)}
          aria-describedby="audit-export-note"
        >
          {exporter.isPending ? t('audit.exporting') : t('audit.exportCsv')}
        </button>
        <p id="audit-export-note" className="muted small">
          {t('audit.exportNote', { limit })}
        </p>
        <div aria-live="polite">
          {exporter.isSuccess ? (
            <p className={`notice ${exporter.data.truncated ? 'notice-warn' : 'notice-info'}`} role="status" data-testid="audit-export-done">
              {exporter.data.truncated ? t('audit.exportTruncated', { limit }) : t('audit.exportDone')}
            </p>
          ) : null}
        </div>
        {exporter.isError ? <ErrorState error={exporter.error} onRetry={() => exporter.mutate(filters)} /> : null}
      </div>
      <AuditEntries q={q} entries={entries} filtered={filtered} onFilter={(f) => apply({ ...filters, ...f })} />
    </>
  );
}

export function AuditPage() {
  return (
    <PermissionGate permission="audit.read">
      <AuditScreen />
    </PermissionGate>
  );
}
