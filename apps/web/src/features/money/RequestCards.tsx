import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Deposit, Withdrawal } from '@candor/contracts';
import { Button } from '../../components';
import { formatMoney } from '../../lib/format';
import { showsApprovals, timelineOf } from './display';
import { useMoneyRequest } from './hooks';
import { PaymentSlip } from './PaymentSlip';
import { StatusBadge, Timeline, useFormatTime } from './parts';
import styles from './money.module.css';

type Request = Deposit | Withdrawal;

/** The parts both kinds share: amount and status, order number and time, the reason of a failure, the timeline on demand. */
function RequestCard<T extends Request>({
  kind,
  request,
  method,
  extra,
  actions,
}: {
  kind: 'deposits' | 'withdrawals';
  request: T;
  method: string;
  extra?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('money');
  const time = useFormatTime();
  const [open, setOpen] = useState(false);
  // Opened, the request is asked again so its timeline is current.
  const fresh = useMoneyRequest<T>(kind, open ? request.id : null);
  const shown = fresh.data ?? request;
  return (
    <article className={styles.item} data-testid="request" data-id={shown.id} data-status={shown.status}>
      <div className={styles.itemHead}>
        <span className={styles.amount} data-testid="request-amount">
          {formatMoney(shown.amount)}
        </span>
        <StatusBadge status={shown.status} />
      </div>
      <div className={styles.meta}>
        <span className={styles.orderNo} data-testid="request-order-no">
          {t('field.orderNo')} {shown.orderNo}
        </span>
      </div>
      <div className={styles.meta}>
        <span>{method}</span>
        <time dateTime={shown.createdAt}>{time(shown.createdAt)}</time>
      </div>
      {extra}
      {shown.status === 'failed' && shown.reason ? (
        <p className={styles.reason} data-testid="request-reason">
          <strong>{t('field.reason')}</strong> {shown.reason}
        </p>
      ) : null}
      {open ? <Timeline steps={timelineOf(shown)} /> : null}
      <div className={styles.itemActions}>
        <button type="button" className={styles.toggle} aria-expanded={open} onClick={() => setOpen((o) => !o)} data-testid="toggle-timeline">
          {open ? t('list.hideTimeline') : t('list.showTimeline')}
        </button>
        {actions}
      </div>
    </article>
  );
}

/** `offerSlip`: the deposit was just filed, so the payment slip's picker is open at once. */
export function DepositCard({ deposit, offerSlip = false }: { deposit: Deposit; offerSlip?: boolean }) {
  return <RequestCard kind="deposits" request={deposit} method={deposit.method.name} extra={<PaymentSlip deposit={deposit} offer={offerSlip} />} />;
}

export function WithdrawalCard({ withdrawal, onCancel }: { withdrawal: Withdrawal; onCancel(w: Withdrawal): void }) {
  const { t } = useTranslation('money');
  const m = withdrawal.method;
  const method = `${t(`type.${m.type}`)} ${m.network ?? m.bank ?? ''} ${m.masked}`.replace(/\s+/g, ' ');
  return (
    <RequestCard
      kind="withdrawals"
      request={withdrawal}
      method={method}
      extra={
        showsApprovals(withdrawal) ? (
          <span className={styles.muted} data-testid="request-approvals">
            {t('list.approvals', { approvals: withdrawal.approvals, required: withdrawal.approvalsRequired })}
          </span>
        ) : null
      }
      actions={
        withdrawal.status === 'in_review' ? (
          <Button variant="secondary" size="sm" onClick={() => onCancel(withdrawal)} data-testid="cancel-withdrawal">
            {t('cancel.action')}
          </Button>
        ) : null
      }
    />
  );
}
