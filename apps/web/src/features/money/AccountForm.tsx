import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WITHDRAWAL_NETWORKS } from '@candor/domain';
import type { WithdrawalAccount } from '@candor/contracts';
import { Button, Field, FormAlert, Icon, TradePasswordField, useTotpCode } from '../../components';
import { digitsOnly, translateErrors } from '../../lib/forms';
import { isApiError } from '../../lib/api';
import { defaultNationality } from '../../lib/countries';
import { AddressFields, BankPicker, CountryPicker } from './AccountPickers';
import { useSaveWithdrawalAccount } from './hooks';
import { useMoneyErrorText } from './parts';
import {
  ACCOUNT_FIELDS,
  accountBody,
  accountValues,
  accountWarning,
  validateAccount,
  type AccountField,
  type AccountType,
  type AccountValues,
} from './validation';
import styles from './money.module.css';

const MAX_LENGTH: Record<AccountField, number> = {
  accountName: 64,
  nationality: 64,
  bank: 64,
  cardNumber: 40,
  region: 64,
  network: 10,
  currencyAddress: 120,
  tradePassword: 6,
};

/** The form's starting values: a first account starts in the country of the UI language (TW for zh-TW). */
function startValues(current: WithdrawalAccount | null, language: string): AccountValues {
  const start = accountValues(current);
  return start.nationality ? start : { ...start, nationality: defaultNationality(language) };
}

/** Bind or change the withdrawal account: bank card or currency address, confirmed with the transaction password. */
export function AccountForm({ current, onSaved }: { current: WithdrawalAccount | null; onSaved(account: WithdrawalAccount): void }) {
  const { t, i18n } = useTranslation('money');
  const moneyError = useMoneyErrorText();
  const save = useSaveWithdrawalAccount();
  const [type, setType] = useState<AccountType>(current?.type ?? 'bank');
  const [values, setValues] = useState<AccountValues>(() => startValues(current, i18n.resolvedLanguage ?? i18n.language));
  const [errors, setErrors] = useState<Partial<Record<AccountField, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const warning = accountWarning(type, values);
  const code = useTotpCode();

  const set = (field: AccountField, value: string) => {
    // Another country has other banks and address parts: those are chosen again.
    const also = field === 'nationality' ? { bank: '', region: '' } : {};
    setValues((v) => ({ ...v, ...also, [field]: field === 'tradePassword' ? digitsOnly(value, 6) : value }));
    setErrors((e) => ({ ...e, ...(field === 'nationality' ? { bank: undefined, region: undefined } : {}), [field]: undefined }));
    setServerError(null);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateAccount(type, values);
    setErrors(translateErrors(found, t));
    if (!code.take() || Object.keys(found).length > 0) return;
    setServerError(null);
    save.mutate(
      { ...accountBody(type, values), ...code.take() },
      {
        onSuccess: onSaved,
        onError: (err) => {
          const message = moneyError(err);
          if (code.refused(err, message)) return;
          const field = isApiError(err) ? (err.code === 'TRADE_PASSWORD_INVALID' ? 'tradePassword' : err.field) : undefined;
          if (field && (ACCOUNT_FIELDS[type] as string[]).includes(field)) setErrors({ [field]: message });
          else setServerError(message);
        },
      },
    );
  };

  const text = (f: Exclude<AccountField, 'network' | 'tradePassword'>, extra: { inputMode?: 'numeric' } = {}) => (
    <Field
      key={f}
      label={t(`field.${f}`)}
      name={f}
      autoComplete="off"
      placeholder={t(`prompt.${f}`)}
      maxLength={MAX_LENGTH[f]}
      value={values[f]}
      onChange={(e) => set(f, e.target.value)}
      error={errors[f]}
      {...extra}
    />
  );

  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="account-form">
      <FormAlert message={serverError} />
      <div className="form">
        <span className="field__label">{t('field.type')}</span>
        <Choices
          label={t('field.type')}
          options={['bank', 'crypto'] as const}
          value={type}
          onPick={(k) => {
            setType(k);
            setErrors({});
          }}
          testId={(k) => `account-type-${k}`}
          text={(k) => t(`type.${k}`)}
        />
      </div>
      {text('accountName')}
      <CountryPicker value={values.nationality} onChange={(code) => set('nationality', code)} error={errors.nationality ?? null} />
      {type === 'bank' ? (
        <BankFields values={values} errors={errors} set={set} maskedCard={current?.cardNumber ?? null} />
      ) : (
        <>
          <div className={errors.network ? 'field field--invalid' : 'field'}>
            <span className="field__label">{t('field.network')}</span>
            <Choices
              label={t('field.network')}
              options={WITHDRAWAL_NETWORKS}
              value={values.network}
              onPick={(n) => set('network', n)}
              testId={(n) => `network-${n}`}
              text={(n) => n}
            />
            {errors.network ? (
              <p className="field__error" role="alert">
                {errors.network}
              </p>
            ) : null}
          </div>
          {text('currencyAddress')}
        </>
      )}
      {warning ? (
        <p className={styles.warn} data-testid="account-warning">
          <Icon name="alert" size={18} />
          <span>{t(warning)}</span>
        </p>
      ) : null}
      <TradePasswordField value={values.tradePassword} onChange={(text) => set('tradePassword', text)} error={errors.tradePassword} />
      {code.field}
      {current ? <p className={styles.note}>{t('account.changeNote')}</p> : <p className={styles.note}>{t('account.typeHint')}</p>}
      <Button type="submit" block loading={save.isPending} data-testid="account-submit">
        {current ? t('account.change') : t('account.bind')}
      </Button>
    </form>
  );
}

/** The bank card's fields: the bank of the chosen country, the card number (typed in full), the address. */
function BankFields({
  values,
  errors,
  set,
  maskedCard,
}: {
  values: AccountValues;
  errors: Partial<Record<AccountField, string>>;
  set(field: AccountField, value: string): void;
  maskedCard: string | null;
}) {
  const { t } = useTranslation('money');
  return (
    <>
      <BankPicker key={`bank-${values.nationality}`} country={values.nationality} value={values.bank} onChange={(v) => set('bank', v)} error={errors.bank} />
      <Field
        label={t('field.cardNumber')}
        name="cardNumber"
        autoComplete="off"
        inputMode="numeric"
        placeholder={t('prompt.cardNumber')}
        hint={maskedCard ? t('accountForm.cardRetype', { masked: maskedCard }) : undefined}
        maxLength={MAX_LENGTH.cardNumber}
        value={values.cardNumber}
        onChange={(e) => set('cardNumber', e.target.value)}
        error={errors.cardNumber}
      />
      <AddressFields
        key={`address-${values.nationality}`}
        country={values.nationality}
        value={values.region}
        onChange={(v) => set('region', v)}
        error={errors.region}
      />
    </>
  );
}

/** A row of options of which one is chosen (radio buttons shown as buttons). */
function Choices<T extends string>(props: {
  label: string;
  options: readonly T[];
  value: string;
  onPick: (option: T) => void;
  testId: (option: T) => string;
  text: (option: T) => string;
}) {
  const { label, options, value, onPick, testId, text } = props;
  return (
    <div className={styles.choices} role="radiogroup" aria-label={label}>
      {options.map((o) => (
        <button
          key={o}
          type="button"
          role="radio"
          aria-checked={value === o}
          className={value === o ? `${styles.choice} ${styles.choiceOn}` : styles.choice}
          onClick={() => onPick(o)}
          data-testid={testId(o)}
        >
          {text(o)}
        </button>
      ))}
    </div>
  );
}
