import { useTranslation } from 'react-i18next';
import type { TradeAccount } from './hooks';
import styles from './trading.module.css';

/** Real / demo segmented switch. Demo is virtual money with the same mechanics and separate records. */
export function AccountSwitch({ value, onChange }: { value: TradeAccount; onChange: (a: TradeAccount) => void }) {
  const { t } = useTranslation('trade');
  return (
    <div className={styles.segment} role="radiogroup" aria-label={t('account.label')}>
      {(['real', 'demo'] as const).map((a) => (
        <button
          key={a}
          type="button"
          role="radio"
          aria-checked={value === a}
          className={value === a ? `${styles.segmentItem} ${styles.segmentOn}` : styles.segmentItem}
          onClick={() => onChange(a)}
          data-testid={`account-${a}`}
        >
          {t(`account.${a}`)}
        </button>
      ))}
    </div>
  );
}
