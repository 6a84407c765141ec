import { useTranslation } from 'react-i18next';
import { Icon } from '../../components';
import type { CaptchaState } from './useCaptcha';

/** The graphic captcha; tap it for a new one. */
export function CaptchaImage({ captcha }: { captcha: CaptchaState }) {
  const { t } = useTranslation('auth');
  return (
    <button
      type="button"
      className="captcha"
      onClick={captcha.refresh}
      aria-label={t('captcha.refresh')}
      title={t('captcha.refresh')}
      data-testid="captcha"
      data-captcha-id={captcha.captchaId ?? ''}
    >
      {captcha.imageUrl && !captcha.loading ? (
        <img className="captcha__img" src={captcha.imageUrl} alt={t('captcha.alt')} width={100} height={40} />
      ) : captcha.error ? (
        <span className="captcha__retry">
          <Icon name="refresh" size={18} />
          {t('captcha.failed')}
        </span>
      ) : (
        <span className="loading__spinner loading__spinner--sm" aria-hidden="true" />
      )}
    </button>
  );
}
