import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A spinner. With `delayMs` it stays invisible for that long, so fast loads never flash. */
export function Loading({ fullscreen = false, delayMs = 0, label }: { fullscreen?: boolean; delayMs?: number; label?: string }) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return <div className={fullscreen ? 'loading loading--fullscreen' : 'loading'} aria-hidden="true" />;
  return (
    <div className={fullscreen ? 'loading loading--fullscreen' : 'loading'} role="status" aria-live="polite" data-testid="loading">
      <span className="loading__spinner" aria-hidden="true" />
      <span className="loading__label">{label ?? t('state.loading')}</span>
    </div>
  );
}
