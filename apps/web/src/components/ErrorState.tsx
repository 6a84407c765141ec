import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Icon } from './Icon';

/** An error in the user's language, with a retry when the caller can retry. */
export function ErrorState({ message, title, onRetry }: { message: string; title?: string; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="state state--error" role="alert" data-testid="error-state">
      <span className="state__icon state__icon--error">
        <Icon name="alert" size={34} />
      </span>
      <p className="state__title">{title ?? t('state.errorTitle')}</p>
      <p className="state__text">{message}</p>
      {onRetry ? (
        <div className="state__action">
          <Button variant="secondary" onClick={onRetry}>
            {t('action.retry')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
