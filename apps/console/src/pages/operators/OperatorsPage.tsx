import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPERATOR_ROLES, type OperatorAccount, type OperatorRole } from '@candor/contracts';
import { useOperator } from '../../lib/auth/AuthProvider';
import { PageHeader } from '../../components/Shell';
import { Empty, ErrorState, Loading } from '../../components/States';
import { formatDateTimeShort } from '../../lib/format';
import { AddOperatorForm } from '../../features/operators/AddOperatorForm';
import { ChangeOperatorDialog, type PendingChange } from '../../features/operators/ChangeOperatorDialog';
import { PermissionGate } from '../../components/PermissionGate';
import { useOperatorErrorText } from '../../features/operators/operatorErrors';
import { useOperatorAccounts, useUpdateOperator } from '../../features/operators/operatorsApi';
import '../../features/operators/operators.css';

/** Operator accounts, for the roles with `operators.manage` (admins). */
export function OperatorsPage() {
  return (
    <PermissionGate permission="operators.manage">
      <OperatorsScreen />
    </PermissionGate>
  );
}

function OperatorsScreen() {
  const { t } = useTranslation('consoleOperators');
  const { t: tc } = useTranslation();
  const me = useOperator();
  const accounts = useOperatorAccounts();
  const update = useUpdateOperator();
  const errorText = useOperatorErrorText();
  const [change, setChange] = useState<PendingChange | null>(null);
  const [changeError, setChangeError] = useState<string | null>(null);
  // One notice at a time: the last account added or changed.
  const [notice, setNotice] = useState<{ kind: 'added' | 'saved'; email: string } | null>(null);

  const ask = (c: PendingChange) => {
    setChange(c);
    setChangeError(null);
    setNotice(null);
  };
  const cancel = useCallback(() => setChange(null), []);
  function confirm() {
    if (!change) return;
    const body = change.kind === 'role' ? { role: change.role } : { disabled: change.kind === 'disable' };
    update.mutate(
      { id: change.account.id, body },
      {
        onSuccess: (account) => {
          setChange(null);
          setNotice({ kind: 'saved', email: account.email });
        },
        onError: (err) => setChangeError(errorText(err, 'update').message),
      },
    );
  }

  return (
    <>
      <PageHeader title={t('title')}>
        <button type="button" className="btn" onClick={() => void accounts.refetch()} disabled={accounts.isFetching}>
          {tc('common.refresh')}
        </button>
      </PageHeader>
      <p className="muted">{t('intro')}</p>
      <AddOperatorForm onAdded={(email) => setNotice({ kind: 'added', email })} />
      {notice ? (
        <p className="notice notice-info" role="status" data-testid={notice.kind === 'added' ? 'operator-added' : 'operator-saved'}>
          {notice.kind === 'added' ? t('createdNamed', { email: notice.email }) : t('savedNamed', { email: notice.email })}
        </p>
      ) : null}
      {accounts.isPending ? (
        <Loading />
      ) : accounts.isError ? (
        <ErrorState error={accounts.error} onRetry={() => void accounts.refetch()} />
      ) : !accounts.data.length ? (
        <Empty>{t('empty')}</Empty>
      ) : (
        <div className="table-wrap card flush operators-table">
          <table data-testid="operators-table">
            <thead>
              <tr>
                <th>{t('email')}</th>
                <th>{t('role')}</th>
                <th>{t('status')}</th>
                <th>{t('totp')}</th>
                <th>{t('createdAt')}</th>
                <th>{tc('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {accounts.data.map((a) => (
                <OperatorRow key={a.id} account={a} self={a.id === me.id} onAsk={ask} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {change ? <ChangeOperatorDialog change={change} pending={update.isPending} error={changeError} onConfirm={confirm} onCancel={cancel} /> : null}
    </>
  );
}

/** One account; the admin's own row offers no changes (the api refuses them: one admin always remains). */
function OperatorRow({ account: a, self, onAsk }: { account: OperatorAccount; self: boolean; onAsk(c: PendingChange): void }) {
  const { t } = useTranslation('consoleOperators');
  const { t: tc } = useTranslation();
  return (
    <tr data-testid="operator-row" data-email={a.email} data-role={a.role} data-disabled={String(a.disabled)}>
      <td data-label={t('email')}>
        <span>
          {a.email} {self ? <span className="muted">{t('you')}</span> : null}
        </span>
      </td>
      <td data-label={t('role')}>
        {self ? (
          <span className={`role role-${a.role}`}>{tc(`roles.${a.role}`)}</span>
        ) : (
          <select
            aria-label={t('changeRoleOf', { email: a.email })}
            value={a.role}
            data-testid="operator-role-select"
            onChange={(e) => onAsk({ account: a, kind: 'role', role: e.target.value as OperatorRole })}
          >
            {OPERATOR_ROLES.map((r) => (
              <option key={r} value={r}>
                {tc(`roles.${r}`)}
              </option>
            ))}
          </select>
        )}
      </td>
      <td data-label={t('status')}>
        <span className={`pill ${a.disabled ? 'pill-bad' : 'pill-ok'}`} data-testid="operator-status">
          {a.disabled ? t('disabled') : t('active')}
        </span>
      </td>
      <td data-label={t('totp')}>
        <span className={`pill ${a.totpEnrolled ? 'pill-ok' : 'pill-muted'}`}>{a.totpEnrolled ? t('totpOn') : t('totpOff')}</span>
      </td>
      <td className="nowrap" data-label={t('createdAt')}>
        {formatDateTimeShort(a.createdAt)}
      </td>
      <td data-label={tc('common.actions')}>
        {self ? (
          <span className="muted">{t('selfLocked')}</span>
        ) : (
          <button
            type="button"
            className="btn btn-small"
            data-testid={a.disabled ? 'operator-enable' : 'operator-disable'}
            onClick={() => onAsk({ account: a, kind: a.disabled ? 'enable' : 'disable' })}
          >
            {a.disabled ? t('enable') : t('disable')}
          </button>
        )}
      </td>
    </tr>
  );
}
