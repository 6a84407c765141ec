import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WITHDRAWAL_NETWORKS } from '@candor/domain';
import type { WithdrawalAccount } from '@candor/contracts';
import { Button, Field, FormAlert, Icon } from '../../components';
import { digitsOnly, translateErrors } from '../../lib/forms';
import { isApiError } from '../../lib/api';
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

/** Bind or change the withdrawal account: bank card or currency address, confirmed with the transaction password. */
export function AccountForm({ current, onSaved }: { current: WithdrawalAccount | null; onSaved(account: WithdrawalAccount): void }) {
  const { t } = useTranslation('money');
  const moneyError = useMoneyErrorText();
  const save = useSaveWithdrawalAccount();
  const [type, setType] = useState<AccountType>(current?.type ?? 'bank');
  const [values, setValues] = useState<AccountValues>(() => accountValues(current));
  const [errors, setErrors] = useState<Partial<Record<AccountField, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const warning = accountWarning(type, values);

  const set = (field: AccountField, value: string) => {
    setValues((v) => ({ ...v, [field]: field === 'tradePassword' ? digitsOnly(value, 6) : value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setServerError(null);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateAccount(type, values);
    setErrors(translateErrors(found, t));
    if (Object.keys(found).length > 0) return;
    setServerError(null);
    save.mutate(accountBody(type, values), {
      onSuccess: onSaved,
      onError: (err) => {
        const message = moneyError(err);
        const field = isApiError(err) ? (err.code === 'TRADE_PASSWORD_INVALID' ? 'tradePassword' : err.field) : undefined;
        if (field && (ACCOUNT_FIELDS[type] as string[]).includes(field)) setErrors({ [field]: message });
        else setServerError(message);
      },
    });
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
      {text('nationality')}
      {type === 'bank' ? (
        <>
          {text('bank')}
          {text('cardNumber', { inputMode: 'numeric' })}
          {text('region')}
        </>
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
      <Field
        label={t('field.tradePassword')}
        type="password"
        name="tradePassword"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('prompt.tradePassword')}
        maxLength={6}
        value={values.tradePassword}
        onChange={(e) => set('tradePassword', e.target.value)}
        error={errors.tradePassword}
      />
      {current ? <p className={styles.note}>{t('account.changeNote')}</p> : <p className={styles.note}>{t('account.typeHint')}</p>}
      <Button type="submit" block loading={save.isPending} data-testid="account-submit">
        {current ? t('account.change') : t('account.bind')}
      </Button>
    </form>
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
