import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client';
import { useAdminUsers } from '../../lib/api/queries';
import { PageHeader } from '../../components/Shell';
import { Empty, ErrorState, Loading } from '../../components/States';
import { formatDateTimeShort } from '../../lib/format';
import { PermissionGate } from '../../components/PermissionGate';
import { UserAccessCell } from '../../features/users/UserAccessCell';
import { IdText } from '../../features/users/IdText';

function UsersScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const users = useAdminUsers(q);

  function submit(e: FormEvent) {
    e.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  }

  return (
    <>
      <PageHeader title={t('users.title')} />
      <form className="filters card" onSubmit={submit} role="search">
        <label className="field field-wide">
          <span>{t('users.search')}</span>
          <input name="q" type="search" value={draft} maxLength={100} placeholder={t('users.searchPlaceholder')} onChange={(e) => setDraft(e.target.value)} />
        </label>
        <div className="filter-actions">
          <button type="submit" className="btn btn-primary">
            {t('users.searchButton')}
          </button>
        </div>
      </form>
      {users.isPending ? (
        <Loading />
      ) : users.isError && users.error instanceof ApiError && users.error.status === 404 && users.error.code === 'NOT_FOUND' ? (
        <Empty>{t('users.unavailable')}</Empty>
      ) : users.isError ? (
        <ErrorState error={users.error} onRetry={() => void users.refetch()} />
      ) : !users.data.length ? (
        <Empty>{q ? t('users.emptySearch', { q }) : t('users.empty')}</Empty>
      ) : (
        <div className="table-wrap card flush">
          <table data-testid="users-table">
            <thead>
              <tr>
                <th>{t('users.email')}</th>
                <th>{t('users.phone')}</th>
                <th>{t('users.nickname')}</th>
                <th>{t('users.kyc')}</th>
                <th>{t('users.createdAt')}</th>
                <th>{t('users.access.title')}</th>
                <th>{t('users.id')}</th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((u) => (
                <tr key={u.id}>
                  <td data-label={t('users.email')}>{u.email ? <Link to={`/users/${encodeURIComponent(u.id)}`}>{u.email}</Link> : '—'}</td>
                  <td data-label={t('users.phone')}>{u.phone ?? '—'}</td>
                  <td data-label={t('users.nickname')}>{u.nickname ?? '—'}</td>
                  <td data-label={t('users.kyc')}>
                    {u.kycStatus ? t(`users.kycStatus.${u.kycStatus as 'not_submitted'}`, { defaultValue: u.kycStatus }) : '—'}
                  </td>
                  <td className="nowrap" data-label={t('users.createdAt')}>
                    {formatDateTimeShort(u.createdAt)}
                  </td>
                  <td data-label={t('users.access.title')}>
                    <UserAccessCell userId={u.id} disabled={u.disabled === true} />
                  </td>
                  <td data-label={t('users.id')}>
                    <Link to={`/users/${encodeURIComponent(u.id)}`} data-testid="user-detail-link" aria-label={`${t('users.detail.open')} ${u.email ?? u.id}`}>
                      <IdText id={u.id} />
                    </Link>
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

export function UsersPage() {
  return (
    <PermissionGate permission="users.read">
      <UsersScreen />
    </PermissionGate>
  );
}
