import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ContactSupport } from '../../components/ContactSupport';
import { DEPOSIT_REFERENCE_MAX, type DepositMethod } from '@candor/contracts';
import { AmountField, Button, CopyButton, EmptyState, ErrorState, Field, FormAlert, Loading, MoneySummary, PageHeader, useToast } from '../../components';
import { useCreateDeposit, useDepositMethods } from '../../features/money/hooks';
import { DemoOnlyNotice } from './DemoOnlyNotice';
import { amountIssue, amountLimits, wireAmount } from '../../lib/amount';
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

/** The deposit methods as radio buttons. */
function MethodChoice({ list, chosen, onChoose }: { list: DepositMethod[]; chosen: DepositMethod; onChoose(m: DepositMethod): void }) {
  const { t } = useTranslation('money');
  return (
    <section className="card form" aria-label={t('deposit.chooseMethod')}>
      <span className="field__label">{t('deposit.chooseMethod')}</span>
      <div className={styles.choices} role="radiogroup">
        {list.map((m) => (
          <button
            key={m.id}
            type="button"
            role="radio"
            aria-checked={m.id === chosen.id}
            className={m.id === chosen.id ? `${styles.choice} ${styles.choiceOn}` : styles.choice}
            onClick={() => onChoose(m)}
            data-testid={`method-${m.id}`}
          >
            {m.name}
          </button>
        ))}
      </div>
    </section>
  );
}

/** What the deposit will file, to confirm: the amount as typed, the method, the reference, no fee, credited after review. */
function DepositSummary(props: {
  open: boolean;
  busy: boolean;
  amount: string;
  method: DepositMethod;
  reference: string;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('money');
  const { amount, method, reference, ...dialog } = props;
  return (
    <MoneySummary
      {...dialog}
      confirmLabel={t('deposit.submit')}
      rows={[
        { key: 'amount', label: t('common:summary.amount'), value: formatMoney(wireAmount(amount)) },
        { key: 'method', label: t('common:summary.method'), value: method.name },
        ...(reference ? [{ key: 'reference', label: t('field.reference'), value: reference }] : []),
        { key: 'fee', label: t('common:summary.fee'), value: formatMoney('0') },
        { key: 'time', label: t('common:summary.time'), value: t('common:summary.deposit') },
      ]}
    />
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
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const list = methods.data ?? [];
  const method = list.find((m) => m.id === chosen) ?? list[0];
  const range = method ? { min: formatMoney(method.minAmount), max: formatMoney(method.maxAmount) } : { min: '', max: '' };
  const limits = amountLimits(method?.minAmount, method?.maxAmount, 'method');
  const blocked = amountIssue(amount, limits) !== null;

  // Submit opens the summary; only its confirm sends, the amount exactly as typed.
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!method || blocked) return;
    setConfirming(true);
  };

  const send = () => {
    const wire = wireAmount(amount);
    if (!method || wire === null) return;
    setServerError(null);
    const ref = reference.trim();
    create.mutate(
      { methodId: method.id, amount: wire, ...(ref ? { reference: ref } : {}) },
      {
        onSettled: () => setConfirming(false),
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
          <EmptyState icon="wallet" title={t('deposit.noMethods')} description={t('deposit.noMethodsText')} action={<ContactSupport />} />
        ) : (
          <>
            <DemoOnlyNotice />
            <MethodChoice
              list={list}
              chosen={method}
              onChoose={(m) => {
                setChosen(m.id);
                setAmountError(null);
              }}
            />
            <PayTo method={method} />
            <form className="card form" onSubmit={onSubmit} noValidate>
              <FormAlert message={serverError} />
              <AmountField
                label={t('field.amount')}
                placeholder={t('prompt.amount')}
                hint={t('deposit.limits', range)}
                value={amount}
                limits={limits}
                tried={tried}
                onChange={(text) => {
                  setAmount(text);
                  setAmountError(null);
                }}
                error={amountError}
              />
              <Field
                label={t('field.reference')}
                name="reference"
                autoComplete="off"
                maxLength={DEPOSIT_REFERENCE_MAX}
                placeholder={t('prompt.reference')}
                value={reference}
                onChange={(e) => setReference(e.target.value)}
              />
              <p className={styles.note}>{t('deposit.note')}</p>
              <Button type="submit" block loading={create.isPending} disabled={blocked} data-testid="deposit-submit">
                {t('deposit.submit')}
              </Button>
            </form>
            <DepositSummary
              open={confirming}
              busy={create.isPending}
              amount={amount}
              method={method}
              reference={reference.trim()}
              onConfirm={send}
              onCancel={() => setConfirming(false)}
            />
          </>
        )}
      </div>
    </main>
  );
}
