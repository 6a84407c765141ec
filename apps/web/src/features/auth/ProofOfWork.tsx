import { useTranslation } from 'react-i18next';
import { Icon } from '../../components';
import type { ProofOfWork as ProofOfWorkHandle } from './useProofOfWork';
import styles from './auth.module.css';

/**
 * The form's proof-of-work: the invisible widget, and one line saying where it is (a polite live region, so a
 * screen reader hears why a submit waits, and when it failed).
 */
export function ProofOfWork({ pow }: { pow: ProofOfWorkHandle }) {
  const { t } = useTranslation('auth');
  const failed = pow.state === 'error';
  const done = pow.state === 'verified';
  return (
    <div className={styles.pow} data-testid="pow" data-state={pow.state}>
      <div ref={pow.containerRef} className={styles.powWidget} />
      <p className={failed ? `${styles.powStatus} ${styles.powFailed}` : styles.powStatus} role="status" aria-live="polite">
        {done ? (
          <Icon name="check" size={16} />
        ) : failed ? (
          <Icon name="alert" size={16} />
        ) : (
          <span className="loading__spinner loading__spinner--sm" aria-hidden="true" />
        )}
        <span>{done ? t('pow.verified') : failed ? t('pow.failed') : t('pow.verifying')}</span>
      </p>
      {failed ? (
        <button type="button" className={styles.textButton} onClick={pow.renew} data-testid="pow-retry">
          {t('pow.retry')}
        </button>
      ) : null}
    </div>
  );
}
