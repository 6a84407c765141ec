import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components';
import { formatCountdown } from '../../lib/format';
import { authErrorText } from './rateLimit';
import { useResendConfirmation } from './email';
import styles from './auth.module.css';

/**
 * "Confirm your e-mail": shown while the address is unconfirmed (withdrawals wait for it), with "send again",
 * which rests for a while after each mail and after the server's 429. What happened is said in a live region.
 */
export function EmailConfirmBanner({ email, title }: { email: string; title?: string }) {
  const { t } = useTranslation('user');
  const resend = useResendConfirmation();
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const waiting = resend.waitSeconds > 0;

  const onResend = async () => {
    setNote(null);
    const outcome = await resend.send();
    setNote(outcome.ok ? { text: t('email.resent'), error: false } : { text: authErrorText(outcome.error, t), error: true });
  };

  return (
    <section className={styles.banner} aria-labelledby="email-banner-title" data-testid="email-banner">
      <Icon name="alert" size={20} className={styles.bannerIcon} />
      <div className={styles.bannerBody}>
        <h2 className={styles.bannerTitle} id="email-banner-title">
          {title ?? t('email.bannerTitle')}
        </h2>
        <p className={styles.bannerText}>{t('email.bannerText', { email })}</p>
        <div className={styles.bannerActions}>
          <button type="button" className={styles.textButton} onClick={() => void onResend()} disabled={resend.busy || waiting} data-testid="email-resend">
            {waiting ? t('email.resendWait', { time: formatCountdown(resend.waitSeconds * 1000) }) : t('email.resend')}
          </button>
        </div>
        <p className={styles.bannerNote} role="status" data-testid="email-resend-note">
          {note?.text ?? ''}
        </p>
      </div>
    </section>
  );
}
