import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EarnSummary, EarnTransfer } from '@candor/contracts';
import { AmountField, Button, FormAlert, MoneySummary, useToast } from '../../components';
import { isApiError } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { amountIssue, amountLimits, wireAmount } from '../../lib/amount';
import { formatCalendarDate, formatZoned } from './format';
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
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
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

  // In: up to the trading balance; out: up to what may leave now (all of it even below the minimum).
  const limits = amountLimits(summary.minAmount, max, direction === 'in' ? 'earnIn' : 'earnOut', direction === 'out' ? summary.total : undefined);
  const blocked = amountIssue(amount, limits) !== null;

  // Submit opens the summary; only its confirm sends, the amount exactly as typed.
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    setRefusal(null);
    if (blocked) return;
    setConfirming(true);
  };

  const send = () => {
    const wire = wireAmount(amount);
    if (wire === null) return;
    transfer.mutate(wire, {
      onSettled: () => setConfirming(false),
      onSuccess: (r) => {
        toast.success(t(direction === 'in' ? 'form.doneIn' : 'form.doneOut', { amount: formatMoney(r.amount) }));
        setAmount('');
        setTried(false);
        setDone(direction === 'in' ? r : null);
      },
      onError: (err) => setRefusal(refusalText(err)),
    });
  };

  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid={`earn-form-${direction}`}>
      <FormAlert message={refusal} />
      <AmountField
        label={t('form.amount')}
        placeholder={t('form.placeholder', figures)}
        value={amount}
        limits={limits}
        tried={tried}
        onChange={setAmount}
        hint={t(direction === 'in' ? 'form.availableIn' : 'form.availableOut', figures)}
      />
      <p className={styles.left} data-testid="earn-left">
        {t(direction === 'in' ? 'form.leftIn' : 'form.leftOut', { left, limit })}
      </p>
      <Button type="submit" block loading={transfer.isPending} disabled={left <= 0 || blocked} data-testid="earn-submit">
        {t(direction === 'in' ? 'form.submitIn' : 'form.submitOut')}
      </Button>
      <MoneySummary
        open={confirming}
        busy={transfer.isPending}
        confirmLabel={t(direction === 'in' ? 'form.submitIn' : 'form.submitOut')}
        onConfirm={send}
        onCancel={() => setConfirming(false)}
        rows={[
          { key: 'amount', label: t('common:summary.amount'), value: formatMoney(wireAmount(amount)) },
          {
            key: 'direction',
            label: t('common:summary.direction'),
            value: direction === 'in' ? `${t('transfer.cash')} → ${t('transfer.earn')}` : `${t('transfer.earn')} → ${t('transfer.cash')}`,
          },
          { key: 'fee', label: t('common:summary.fee'), value: formatMoney('0') },
          { key: 'time', label: t('common:summary.time'), value: t(direction === 'in' ? 'common:summary.earnIn' : 'common:summary.earnOut') },
        ]}
      />
      {done ? <TransferReceipt transfer={done} summary={summary} /> : null}
    </form>
  );
}
