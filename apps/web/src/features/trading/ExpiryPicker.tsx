import { useTranslation } from 'react-i18next';
import { ratePercent } from '@candor/domain';
import type { Product } from '@candor/contracts';
import { localizeDecimal } from '../../lib/format';
import { useDurationLabel } from './labels';
import styles from './trading.module.css';

/** The expiries of a product, each with its earnings rate; one is chosen at a time. */
export function ExpiryPicker({ expiries, seconds, onPick }: { expiries: Product['expiries']; seconds: number | null; onPick: (seconds: number) => void }) {
  const { t, i18n } = useTranslation('trade');
  const durationLabel = useDurationLabel();
  return (
    <fieldset className={styles.group}>
      <legend className={styles.groupLabel}>{t('expiry.label')}</legend>
      {expiries.length === 0 ? (
        <p className={styles.muted}>{t('expiry.none')}</p>
      ) : (
        <div className={styles.expiries} role="radiogroup">
          {expiries.map((e) => (
            <button
              key={e.seconds}
              type="button"
              role="radio"
              aria-checked={e.seconds === seconds}
              className={e.seconds === seconds ? `${styles.expiry} ${styles.expiryOn}` : styles.expiry}
              onClick={() => onPick(e.seconds)}
              data-testid={`expiry-${e.seconds}`}
            >
              <span className={styles.expiryTime}>{durationLabel(e.seconds)}</span>
              <span className={styles.expiryRate}>{t('expiry.rate', { rate: localizeDecimal(ratePercent(e.payoutRate), i18n.language) })}</span>
            </button>
          ))}
        </div>
      )}
    </fieldset>
  );
}
