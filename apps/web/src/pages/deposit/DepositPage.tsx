import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DepositMethod } from '@candor/contracts';
import { Button, EmptyState, ErrorState, Field, FormAlert, Loading, PageHeader, useToast } from '../../components';
import { useCreateDeposit, useDepositMethods } from '../../features/money/hooks';
import { CopyButton } from '../../features/money/parts';
import { amountOnBlur, amountProblem } from '../../features/money/validation';
import { amountInput } from '../../lib/amount';
import { isApiError } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { ROUTES } from '../../lib/paths';
import styles from '../../features/money/money.module.css';

/** Where to send the money: the operator's details for the method, each with a copy button. */
function PayTo({ method }: { method: DepositMethod }) {
  const { t } = useTranslation('money');
  return (
    <section className="card" data-testid="method-details">
      <h2 className="section-title">{t('deposit.payTo')}</h2>
      <dl className={styles.rows}>
        {Object.entries(method.details).map(([key, value]) => {
          const name = t(`detail.${key}`, { defaultValue: key });
          return (
            <div key={key} className={styles.row}>
              <dt>{name}</dt>
              <dd>
                <span data-testid={`detail-${key}`}>{value}</span>
                <CopyButton value={value} name={name} />
              </dd>
            </div>
          );
        })}
      </dl>
      {method.instructions ? <p className={styles.note}>{method.instructions}</p> : null}
    </section>
  );
}

/** /pages/deposit/deposit: pay by an operator-configured method, then report the amount for review. */
export default function DepositPage() {
  const { t } = useTranslation('money');
  const toast = useToast();
  const navigate = useNavigate();
  const methods = useDepositMethods();
  const create = useCreateDeposit();
  const [chosen, setChosen] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const list = methods.data ?? [];
  const method = list.find((m) => m.id === chosen) ?? list[0];
  const range = method ? { min: formatMoney(method.minAmount), max: formatMoney(method.maxAmount) } : { min: '', max: '' };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!method) return;
    const problem = amountProblem(amount, method.minAmount, method.maxAmount);
    setAmountError(problem ? t(problem, range) : null);
    if (problem) return;
    setServerError(null);
    const ref = reference.trim();
    create.mutate(
      { methodId: method.id, amount, ...(ref ? { reference: ref } : {}) },
      {
        onSuccess: (deposit) => {
          toast.success(t('deposit.submitted'));
          // The list opens the new request's "attach payment slip (optional)" at once.
          void navigate(ROUTES.depositList, { state: { filed: deposit.id } });
        },
        onError: (err) => {
          const message = errorText(err, t);
          if (isApiError(err) && err.field === 'amount') setAmountError(message);
          else setServerError(message);
        },
      },
    );
  };

  return (
    <main className="page" data-testid="deposit-page">
      <PageHeader title={t('title.deposit')} back />
      <div className="page__body">
        {methods.isPending ? (
          <Loading />
        ) : methods.isError ? (
          <ErrorState message={errorText(methods.error, t)} onRetry={() => void methods.refetch()} />
        ) : !method ? (
          <EmptyState icon="wallet" title={t('deposit.noMethods')} description={t('deposit.noMethodsText')} />
        ) : (
          <>
            <section className="card form" aria-label={t('deposit.chooseMethod')}>
              <span className="field__label">{t('deposit.chooseMethod')}</span>
              <div className={styles.choices} role="radiogroup">
                {list.map((m) => (
                  <button
                    key={m.id}
                    type="button"
                    role="radio"
                    aria-checked={m.id === method.id}
                    className={m.id === method.id ? `${styles.choice} ${styles.choiceOn}` : styles.choice}
                    onClick={() => {
                      setChosen(m.id);
                      setAmountError(null);
                    }}
                    data-testid={`method-${m.id}`}
                  >
                    {m.name}
                  </button>
                ))}
              </div>
            </section>
            <PayTo method={method} />
            <form className="card form" onSubmit={onSubmit} noValidate>
              <FormAlert message={serverError} />
              <Field
                label={t('field.amount')}
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                placeholder={t('prompt.amount')}
                hint={t('deposit.limits', range)}
                value={amount}
                onChange={(e) => {
                  setAmount(amountInput(e.target.value));
                  setAmountError(null);
                }}
                onBlur={() => setAmount((a) => amountOnBlur(a, method.minAmount, method.maxAmount))}
                error={amountError}
              />
              <Field
                label={t('field.reference')}
                name="reference"
                autoComplete="off"
                maxLength={64}
                placeholder={t('prompt.reference')}
                value={reference}
                onChange={(e) => setReference(e.target.value)}
              />
              <p className={styles.note}>{t('deposit.note')}</p>
              <Button type="submit" block loading={create.isPending} data-testid="deposit-submit">
                {t('deposit.submit')}
              </Button>
            </form>
          </>
        )}
      </div>
    </main>
  );
}
