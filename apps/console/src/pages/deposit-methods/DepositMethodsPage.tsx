import '../../features/money/money.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDepositMethod } from '@candor/contracts';
import { PageHeader } from '../../components/Shell';
import { Empty, ErrorState, Loading } from '../../components/States';
import { PAGE_PERMISSION } from '../../lib/auth/access';
import { DepositMethodEditor } from '../../features/money/DepositMethodEditor';
import { useDeleteDepositMethod, useDepositMethods, useSaveDepositMethod } from '../../features/money/moneyApi';
import { PermissionGate } from '../../components/PermissionGate';

export function DepositMethodsPage() {
  const { t } = useTranslation('consoleMoney');
  return (
    <>
      <PageHeader title={t('methods.title')} />
      <PermissionGate permission={PAGE_PERMISSION.depositMethods}>
        <MethodsList />
      </PermissionGate>
    </>
  );
}

/** Deletes a method never used, after a confirmation; the api refuses a used one (409), shown above the table. */
function DeleteMethodButton({ id, onError }: { id: string; onError: (e: unknown) => void }) {
  const { t } = useTranslation('consoleMoney');
  const remove = useDeleteDepositMethod();
  return (
    <button
      type="button"
      className="btn btn-small"
      data-testid="method-delete"
      disabled={remove.isPending}
      onClick={() => {
        if (!window.confirm(t('methods.confirmDelete'))) return;
        onError(null);
        remove.mutate(id, { onError });
      }}
    >
      {t('methods.delete')}
    </button>
  );
}

function MethodsList() {
  const { t } = useTranslation(['consoleMoney', 'console']);
  const methods = useDepositMethods();
  const toggle = useSaveDepositMethod();
  const [deleteError, setDeleteError] = useState<unknown>(null);
  const [editing, setEditing] = useState<AdminDepositMethod | 'new' | null>(null);
  const [saved, setSaved] = useState(false);

  return (
    <>
      <div className="button-row">
        <button
          type="button"
          className="btn btn-primary"
          data-testid="method-add"
          disabled={editing !== null}
          onClick={() => {
            setSaved(false);
            setEditing('new');
          }}
        >
          {t('methods.add')}
        </button>
      </div>
      {saved ? (
        <p className="notice notice-info" role="status" data-testid="method-saved">
          {t('methods.saved')}
        </p>
      ) : null}
      {editing ? (
        <DepositMethodEditor
          key={editing === 'new' ? 'new' : editing.id}
          method={editing === 'new' ? null : editing}
          onDone={(ok) => {
            setEditing(null);
            setSaved(ok);
          }}
        />
      ) : null}
      {toggle.isError ? <ErrorState error={toggle.error} /> : null}
      {deleteError ? <ErrorState error={deleteError} /> : null}
      {methods.isPending ? (
        <Loading />
      ) : methods.isError ? (
        <ErrorState error={methods.error} onRetry={() => void methods.refetch()} />
      ) : !methods.data.length ? (
        <Empty>{t('methods.empty')}</Empty>
      ) : (
        <div className="table-wrap card flush">
          <table data-testid="methods-table">
            <thead>
              <tr>
                <th>{t('methods.name')}</th>
                <th>{t('methods.type')}</th>
                <th className="num">{t('methods.range')}</th>
                <th className="num">{t('methods.sort')}</th>
                <th>{t('methods.details')}</th>
                <th>
                  <span className="sr-only">{t('console:common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {methods.data.map((m) => (
                <tr key={m.id} data-testid="method-row" data-id={m.id} data-name={m.names['zh-TW'] ?? ''} data-enabled={String(m.enabled)}>
                  <td data-label={t('methods.name')}>
                    <strong>{m.names['zh-TW']}</strong>
                    {m.names.en ? <div className="muted small">{m.names.en}</div> : null}
                    <div>
                      {m.enabled ? (
                        <span className="pill pill-ok">{t('methods.enabled')}</span>
                      ) : (
                        <span className="pill pill-muted">{t('methods.disabled')}</span>
                      )}
                    </div>
                  </td>
                  <td data-label={t('methods.type')}>{t(`methods.types.${m.type}`)}</td>
                  <td className="num nowrap" data-label={t('methods.range')}>
                    {m.minAmount} – {m.maxAmount}
                  </td>
                  <td className="num" data-label={t('methods.sort')}>
                    {m.sort}
                  </td>
                  <td data-label={t('methods.details')}>
                    {Object.entries(m.details).map(([k, v]) => (
                      <div key={k} className="small">
                        <span className="muted">{k}:</span> <code>{v}</code>
                      </div>
                    ))}
                  </td>
                  <td>
                    <div className="button-row">
                      <button type="button" className="btn btn-small" data-testid="method-edit" disabled={editing !== null} onClick={() => setEditing(m)}>
                        {t('methods.edit')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-small"
                        data-testid="method-toggle"
                        disabled={toggle.isPending}
                        onClick={() => toggle.mutate({ id: m.id, body: { enabled: !m.enabled } })}
                      >
                        {m.enabled ? t('methods.disable') : t('methods.enable')}
                      </button>
                      <DeleteMethodButton id={m.id} onError={setDeleteError} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
