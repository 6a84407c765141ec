import { useTranslation } from 'react-i18next';
import { Button } from '../../components';
import { formatMoney } from '../../lib/format';
import type { StakeAdjustment } from './useTradePanel';
import styles from './trading.module.css';

export interface StakeFieldProps {
  chips: readonly number[];
  amount: string;
  /** The amount's problem, shown in place of the hint. */
  error: string | null;
  /** The limits, or why the amount does not fit them. */
  hint: string;
  /** The amount rule changed the typed amount (zero or less, above the maximum): said beside the box. */
  adjusted?: StakeAdjustment | null;
  onPick: (chip: number) => void;
  onType: (raw: string) => void;
  /** The amount rule, on leaving the box. */
  onCommit: (raw: string) => void;
  onAllIn: () => void;
  allInDisabled: boolean;
}

/** The stake: preset chips, the amount box with "all in", and the hint or the amount's problem under it. */
export function StakeField({ chips, amount, error, hint, adjusted = null, onPick, onType, onCommit, onAllIn, allInDisabled }: StakeFieldProps) {
  const { t } = useTranslation('trade');
  return (
    <fieldset className={styles.group}>
      <legend className={styles.groupLabel}>{t('amount.label')}</legend>
      <div className={styles.chips}>
        {chips.map((c) => (
          <button
            key={c}
            type="button"
            className={amount === String(c) ? `${styles.chip} ${styles.chipOn}` : styles.chip}
            onClick={() => onPick(c)}
            data-testid={`chip-${c}`}
          >
            {c}
          </button>
        ))}
      </div>
      <div className={styles.amountRow}>
        <input
          className={`${styles.amountInput} ${error ? styles.amountInvalid : ''}`}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => onType(e.target.value)}
          onBlur={(e) => onCommit(e.target.value)}
          aria-label={t('amount.input')}
          aria-invalid={error ? true : undefined}
          aria-describedby="amount-hint"
          maxLength={12}
          data-testid="amount-input"
        />
        <Button variant="secondary" size="sm" onClick={onAllIn} disabled={allInDisabled} data-testid="all-in">
          {t('amount.allIn')}
        </Button>
      </div>
      {adjusted ? (
        <p className={styles.hint} role="status" data-testid="stake-adjusted">
          {t(adjusted.to === 'max' ? 'amount.adjustedMax' : 'amount.adjustedMin', { amount: formatMoney(adjusted.amount) })}
        </p>
      ) : null}
      <p id="amount-hint" className={error ? styles.errorText : styles.hint} role={error ? 'alert' : undefined}>
        {error ?? hint}
      </p>
    </fieldset>
  );
}
