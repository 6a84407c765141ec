import { useTranslation } from 'react-i18next';
import { digitsOnly } from '../lib/forms';
import { Field } from './Field';

/** The six-digit transaction password that authorises a withdrawal or a change of the withdrawal account. */
export function TradePasswordField({ value, error, onChange }: { value: string; error: string | null | undefined; onChange(text: string): void }) {
  const { t } = useTranslation('money');
  return (
    <Field
      label={t('field.tradePassword')}
      type="password"
      name="tradePassword"
      inputMode="numeric"
      autoComplete="off"
      maxLength={6}
      placeholder={t('prompt.tradePassword')}
      value={value}
      onChange={(e) => onChange(digitsOnly(e.target.value, 6))}
      error={error}
    />
  );
}
