import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api/client';

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label ?? t('common.loading')}
    </div>
  );
}

export function Empty({ children }: { children: React.ReactNode }) {
  return <div className="state state-empty">{children}</div>;
}

/** Explains a failed request: the server's translated message when it sent one, with a retry button. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  let message = t('errors.unknown');
  let code: string | undefined;
  if (error instanceof ApiError) {
    code = error.code;
    message = error.status === 403 ? t('errors.forbidden') : error.message;
  }
  return (
    <div className="state state-error" role="alert">
      <p>
        <strong>{t('errors.title')}</strong> {message}
        {code && code !== 'NETWORK' ? <code className="muted"> ({code})</code> : null}
      </p>
      {onRetry ? (
        <button type="button" className="btn" onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}
