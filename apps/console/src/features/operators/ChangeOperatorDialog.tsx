import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorAccount, OperatorRole } from '@candor/contracts';

/** A change waiting for the admin's confirmation: every one of them ends the operator's sessions at once. */
export type PendingChange = { account: OperatorAccount } & ({ kind: 'role'; role: OperatorRole } | { kind: 'disable' } | { kind: 'enable' });

interface Props {
  change: PendingChange;
  pending: boolean;
  error: string | null;
  onConfirm(): void;
  onCancel(): void;
}

export function ChangeOperatorDialog({ change, pending, error, onConfirm, onCancel }: Props) {
  const { t } = useTranslation('consoleOperators');
  const { t: tc } = useTranslation();
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !pending) onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel, pending]);

  const email = change.account.email;
  const text =
    change.kind === 'role'
      ? { title: t('confirmRoleTitle', { email, role: tc(`roles.${change.role}`) }), body: t('confirmRoleBody'), action: t('changeRole') }
      : change.kind === 'disable'
        ? { title: t('confirmDisableTitle', { email }), body: t('confirmDisableBody'), action: t('disable') }
        : { title: t('confirmEnableTitle', { email }), body: t('confirmEnableBody'), action: t('enable') };

  return (
    <div className="operators-dialog-backdrop">
      <div className="operators-dialog card" role="dialog" aria-modal="true" aria-labelledby="operator-change-title" data-testid="operator-dialog">
        <h2 id="operator-change-title">{text.title}</h2>
        <p>{text.body}</p>
        {error ? (
          <p className="notice notice-error" role="alert" data-testid="operator-dialog-error">
            {error}
          </p>
        ) : null}
        <div className="operators-dialog-buttons">
          <button type="button" className="btn" onClick={onCancel} disabled={pending} ref={cancelRef}>
            {t('cancel')}
          </button>
          <button
            type="button"
            className={`btn ${change.kind === 'disable' ? 'operators-btn-danger' : 'btn-primary'}`}
            onClick={onConfirm}
            disabled={pending}
            data-testid="operator-dialog-confirm"
          >
            {pending ? t('working') : text.action}
          </button>
        </div>
      </div>
    </div>
  );
}
