import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  children: ReactNode;
  action: string;
  pending: boolean;
  error: string | null;
  danger?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** Every Yu'e Bao change is confirmed here first (the server audits it once made). */
export function ConfirmChange({ title, children, action, pending, error, danger, onConfirm, onCancel }: Props) {
  const { t } = useTranslation('consoleEarn');
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !pending) onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel, pending]);
  return (
    <div className="earn-dialog-backdrop">
      <div className="earn-dialog card" role="dialog" aria-modal="true" aria-labelledby="earn-confirm-title" data-testid="earn-confirm">
        <h2 id="earn-confirm-title">{title}</h2>
        {children}
        <p className="muted small">{t('confirm.audited')}</p>
        {error ? (
          <p className="notice notice-error" role="alert" data-testid="earn-confirm-error">
            {error}
          </p>
        ) : null}
        <div className="earn-dialog-buttons">
          <button type="button" className="btn" onClick={onCancel} disabled={pending} ref={cancelRef}>
            {t('confirm.cancel')}
          </button>
          <button
            type="button"
            className={`btn ${danger ? 'earn-btn-danger' : 'btn-primary'}`}
            onClick={onConfirm}
            disabled={pending}
            data-testid="earn-confirm-ok"
          >
            {pending ? t('confirm.working') : action}
          </button>
        </div>
      </div>
    </div>
  );
}
