import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EarnSummary, EarnTransfer } from '@candor/contracts';
import { Button, Field, FormAlert, useToast } from '../../components';
import { isApiError } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { amountInput } from '../../lib/amount';
import { formatCalendarDate, formatZoned, transferProblem } from './format';
import { useEarnTransfer, type EarnDirection } from './hooks';
import styles from './earn.module.css';

/** The refusal codes of the two transfers, each with its own sentence in the `earn` namespace. */
const REFUSALS = new Set(['EARN_MIN_AMOUNT', 'EARN_DAILY_LIMIT', 'EARN_NOT_WITHDRAWABLE', 'INSUFFICIENT_BALANCE', 'VALIDATION_FAILED', 'AMOUNT_OUT_OF_RANGE']);

/** After a transfer in: the trading day it counts for, when it confirms, its first income and when it may leave. */
export function TransferReceipt({ transfer, summary }: { transfer: EarnTransfer; summary: EarnSummary }) {
  const { t, i18n } = useTranslation('earn');
  const lng = i18n.language;
  return (
    <section className={styles.receipt} data-testid="earn-receipt" aria-live="polite">
      <p className={styles.receiptTitle}>{t('receipt.title', { amount: formatMoney(transfer.amount) })}</p>
      <dl className={styles.receiptRows}>
        <dt>{t('receipt.tradeDate')}</dt>
        <dd>{formatCalendarDate(transfer.tradeDate, lng)}</dd>
        <dt>{t('receipt.confirmAt')}</dt>
        <dd data-testid="receipt-confirm">{formatZoned(transfer.confirmAt, lng, summary.timezone)}</dd>
        <dt>{t('receipt.firstIncomeOn')}</dt>
        <dd data-testid="receipt-first-income">
          {t('receipt.firstIncomeAt', { date: formatCalendarDate(transfer.firstIncomeOn, lng), cutoff: summary.cutoff })}
        </dd>
        <dt>{t('receipt.withdrawableAt')}</dt>
        <dd>{formatZoned(transfer.withdrawableAt, lng, summary.timezone)}</dd>
      </dl>
    </section>
  );
}

/**
 * An amount moved between the trading balance and Yu'e Bao in one direction: checked here first (the
 * minimum, what may move now), then by the server, whose refusals each get a sentence with the live figures.
 */
export function TransferForm({ direction, summary, cash }: { direction: EarnDirection; summary: EarnSummary; cash: string }) {
  const { t, i18n } = useTranslation('earn');
  const toast = useToast();
  const transfer = useEarnTransfer(direction);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<EarnTransfer | null>(null);
  const max = direction === 'in' ? cash : summary.withdrawable;
  const left = direction === 'in' ? summary.remainingInToday : summary.remainingOutToday;
  const limit = direction === 'in' ? summary.dailyInLimit : summary.dailyOutLimit;
  const figures = {
    min: formatMoney(summary.minAmount),
    max: formatMoney(max),
    limit,
    time: formatZoned(summary.countsResetAt, i18n.language, summary.timezone),
    cash: formatMoney(cash),
    total: formatMoney(summary.total),
    withdrawable: formatMoney(summary.withdrawable),
  };

  const refusalText = (err: unknown): string => {
    if (!isApiError(err) || !REFUSALS.has(err.code)) return errorText(err, t);
    const key = err.code === 'EARN_DAILY_LIMIT' || err.code === 'INSUFFICIENT_BALANCE' ? `refusal.${err.code}_${direction}` : `refusal.${err.code}`;
    return t(key, figures);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const key = transferProblem(amount, { min: summary.minAmount, max, ...(direction === 'out' ? { all: summary.total } : {}) });
    setProblem(key ? t(key, figures) : null);
    setRefusal(null);
    if (key) return;
    transfer.mutate(amount, {
      onSuccess: (r) => {
        toast.success(t(direction === 'in' ? 'form.doneIn' : 'form.doneOut', { amount: formatMoney(r.amount) }));
        setAmount('');
        setDone(direction === 'in' ? r : null);
      },
      onError: (err) => setRefusal(refusalText(err)),
    });
  };

  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid={`earn-form-${direction}`}>
      <FormAlert message={refusal} />
      <Field
        label={t('form.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('form.placeholder', figures)}
        value={amount}
        onChange={(e) => {
          setAmount(amountInput(e.target.value));
          setProblem(null);
        }}
        error={problem}
        hint={t(direction === 'in' ? 'form.availableIn' : 'form.availableOut', figures)}
        addon={
          <button type="button" className={styles.all} onClick={() => setAmount(max)} data-testid="earn-all">
            {t('form.all')}
          </button>
        }
      />
      <p className={styles.left} data-testid="earn-left">
        {t(direction === 'in' ? 'form.leftIn' : 'form.leftOut', { left, limit })}
      </p>
      <Button type="submit" block loading={transfer.isPending} disabled={left <= 0} data-testid="earn-submit">
        {t(direction === 'in' ? 'form.submitIn' : 'form.submitOut')}
      </Button>
      {done ? <TransferReceipt transfer={done} summary={summary} /> : null}
    </form>
  );
}
