import { useTranslation } from 'react-i18next';
import { useAuditLog } from '../../lib/api/queries';
import { PageHeader } from '../../components/Shell';
import { PermissionGate } from '../../components/PermissionGate';
import { AuditEntries } from '../../features/audit/AuditEntries';
import { AuditFilterForm } from '../../features/audit/AuditFilterForm';
import { NO_FILTERS, useAuditFilters } from '../../features/audit/useAuditFilters';

function AuditScreen() {
  const { t } = useTranslation();
  const { filters, draft, setDraft, filtered, drafted, apply, submit } = useAuditFilters();
  const q = useAuditLog(filters);
  const entries = q.data?.pages.flatMap((p) => p.items) ?? [];

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
