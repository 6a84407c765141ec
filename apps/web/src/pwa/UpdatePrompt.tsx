import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { applyUpdate, dismissUpdate, subscribeUpdate, updateWaiting } from './register';
import './pwa.css';

/** "A new version is ready": shown when a new build's service worker waits; reloading switches to it. */
export function UpdatePrompt() {
  const { t } = useTranslation('pwa');
  const waiting = useSyncExternalStore(subscribeUpdate, updateWaiting);
  if (!waiting) return null;
  return (
    <div className="update-prompt" role="status" data-testid="update-prompt">
      <p className="update-prompt__text">{t('update.text')}</p>
      <div className="update-prompt__actions">
        <button type="button" className="btn btn--text btn--sm update-prompt__later" onClick={dismissUpdate}>
          <span className="btn__label">{t('update.later')}</span>
        </button>
        <button type="button" className="btn btn--light btn--sm" onClick={applyUpdate} data-testid="update-reload">
          <span className="btn__label">{t('update.reload')}</span>
        </button>
      </div>
    </div>
  );
}
