import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/Shell';
import { Empty, ErrorState, Loading } from '../../components/States';
import { PermissionGate } from '../../components/PermissionGate';
import { PAGE_PERMISSION } from '../../lib/auth/access';
import { formatDateTimeShort } from '../../lib/format';
import { useCreateInvitationCode, useInvitationCodes, useSetInvitationCodeActive } from '../../features/invitations/invitationsApi';

export function InvitationCodesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('invitations.title')} />
      <PermissionGate permission={PAGE_PERMISSION.invitations}>
        <InvitationCodes />
      </PermissionGate>
    </>
  );
}

/** Create a code (typed or random), see each with how many registered, and disable or enable it. */
function InvitationCodes() {
  const { t } = useTranslation();
  const codes = useInvitationCodes();
  const create = useCreateInvitationCode();
  const toggle = useSetInvitationCodeActive();
  const [draft, setDraft] = useState('');

  function submit(e: FormEvent) {
    e.preventDefault();
    const code = draft.trim();
    create.mutate(code ? { code } : {}, { onSuccess: () => setDraft('') });
  }

  return (
    <>
      <p className="muted">{t('invitations.note')}</p>
      <form className="filters card" onSubmit={submit} data-testid="invitation-form">
        <label className="field field-wide">
          <span>{t('invitations.code')}</span>
          <input
            name="code"
            value={draft}
            maxLength={16}
            pattern="[A-Za-z0-9]{4,16}"
            placeholder={t('invitations.codePlaceholder')}
            aria-describedby="invitation-hint"
            autoComplete="off"
            onChange={(e) => setDraft(e.target.value)}
          />
          <small id="invitation-hint" className="muted">
            {t('invitations.hint')}
          </small>
        </label>
        <div className="filter-actions">
          <button type="submit" className="btn btn-primary" disabled={create.isPending} data-testid="invitation-create">
            {t('invitations.create')}
          </button>
        </div>
      </form>
      {create.isSuccess ? (
        <p className="notice notice-info" role="status" data-testid="invitation-created">
          {t('invitations.created', { code: create.data.code })}
        </p>
      ) : null}
      {create.isError ? <ErrorState error={create.error} /> : null}
      {toggle.isError ? <ErrorState error={toggle.error} /> : null}
      {codes.isPending ? (
        <Loading />
      ) : codes.isError ? (
        <ErrorState error={codes.error} onRetry={() => void codes.refetch()} />
      ) : !codes.data.length ? (
        <Empty>{t('invitations.empty')}</Empty>
      ) : (
        <div className="table-wrap card flush">
          <table data-testid="invitations-table">
            <thead>
              <tr>
                <th>{t('invitations.code')}</th>
                <th>{t('invitations.status')}</th>
                <th className="num">{t('invitations.uses')}</th>
                <th>{t('invitations.createdAt')}</th>
                <th>
                  <span className="sr-only">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {codes.data.map((c) => (
                <tr key={c.code} data-testid="invitation-row" data-code={c.code} data-active={String(c.active)}>
                  <td data-label={t('invitations.code')}>
                    <code>{c.code}</code>
                  </td>
                  <td data-label={t('invitations.status')}>
                    {c.active ? (
                      <span className="pill pill-ok">{t('invitations.active')}</span>
                    ) : (
                      <span className="pill pill-muted">{t('invitations.disabled')}</span>
                    )}
                  </td>
                  <td className="num" data-label={t('invitations.uses')}>
                    {c.uses > 0 ? <Link to={`/users?q=${encodeURIComponent(c.code)}`}>{c.uses}</Link> : c.uses}
                  </td>
                  <td className="nowrap" data-label={t('invitations.createdAt')}>
                    {formatDateTimeShort(c.createdAt)}
                  </td>
                  <td>
                    <div className="button-row">
                      {c.uses > 0 ? (
                        <Link className="btn btn-small" to={`/users?q=${encodeURIComponent(c.code)}`}>
                          {t('invitations.registrants')}
                        </Link>
                      ) : null}
                      <button
                        type="button"
                        className="btn btn-small"
                        data-testid="invitation-toggle"
                        disabled={toggle.isPending}
                        onClick={() => toggle.mutate({ code: c.code, active: !c.active })}
                      >
                        {c.active ? t('invitations.disable') : t('invitations.enable')}
                      </button>
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
