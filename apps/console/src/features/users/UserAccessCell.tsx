import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API, type UserAccess } from '@candor/contracts';
import { request } from '../../lib/api/client';
import { useOperator } from '../../lib/auth/AuthProvider';
import { can } from '../../lib/auth/access';
import { ErrorState } from '../../components/States';
import './users.css';

/**
 * A user's access in the users table: "active" or "disabled", and for operators who may manage users a
 * button to disable (with a required reason, which the user reads in their account activity) or enable.
 */
export function UserAccessCell({ userId, disabled }: { userId: string; disabled: boolean }) {
  const { t } = useTranslation();
  const operator = useOperator();
  const qc = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const change = useMutation({
    mutationFn: (body: { disable: boolean; reason?: string }) =>
      request<UserAccess>(`${API.adminUsers}/${encodeURIComponent(userId)}/${body.disable ? 'disable' : 'enable'}`, {
        method: 'POST',
        body: body.disable ? { reason: body.reason } : {},
      }),
    onSuccess: () => {
      setAsking(false);
      setReason('');
      void qc.invalidateQueries({ queryKey: ['admin-users'] });
      void qc.invalidateQueries({ queryKey: ['audit'] });
    },
  });
  const status = (
    <span className={disabled ? 'pill pill-bad' : 'pill pill-ok'} data-testid="user-access">
      {disabled ? t('users.access.disabled') : t('users.access.active')}
    </span>
  );
  if (!can(operator, 'users.manage')) return status;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (reason.trim()) change.mutate({ disable: true, reason: reason.trim() });
  }

  return (
    <div className="user-access">
      {status}
      {disabled ? (
        <button type="button" className="btn" data-testid="user-enable" disabled={change.isPending} onClick={() => change.mutate({ disable: false })}>
          {t('users.access.enable')}
        </button>
      ) : asking ? (
        <form onSubmit={submit} className="user-access">
          <label className="field">
            <span>{t('users.access.reason')}</span>
            <input name="reason" value={reason} maxLength={500} required onChange={(e) => setReason(e.target.value)} data-testid="user-disable-reason" />
          </label>
          <div className="user-access-actions">
            <button type="submit" className="btn btn-danger" disabled={!reason.trim() || change.isPending} data-testid="user-disable-confirm">
              {t('users.access.confirmDisable')}
            </button>
            <button type="button" className="btn" onClick={() => setAsking(false)}>
              {t('users.access.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn btn-danger" data-testid="user-disable" onClick={() => setAsking(true)}>
          {t('users.access.disable')}
        </button>
      )}
      {change.isError ? <ErrorState error={change.error} /> : null}
    </div>
  );
}
