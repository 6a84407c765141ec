import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Withdrawal } from '@candor/contracts';
import { ConfirmDialog, Icon, PageHeader, useToast } from '../../components';
import { useCancelWithdrawal, useWithdrawals } from '../../features/money/hooks';
import { WithdrawalCard } from '../../features/money/RequestCards';
import { RequestList } from '../../features/money/RequestList';
import { errorText } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { ROUTES } from '../../lib/paths';

/** /pages/withdraw-list/withdraw-list: every withdrawal, newest first; one still in review can be cancelled. */
export default function WithdrawalHistoryPage() {
  const { t } = useTranslation('money');
  const toast = useToast();
  const withdrawals = useWithdrawals();
  const cancel = useCancelWithdrawal();
  const [asked, setAsked] = useState<Withdrawal | null>(null);

  const confirm = () => {
    if (!asked) return;
    cancel.mutate(asked.id, {
      onSuccess: () => toast.success(t('cancel.done')),
      onError: (err) => toast.error(errorText(err, t)),
      onSettled: () => setAsked(null),
    });
  };

  return (
    <main className="page" data-testid="withdraw-list-page">
      <PageHeader
        title={t('title.withdrawList')}
        back
        right={
          <Link to={ROUTES.withdrawMoney} className="icon-btn" aria-label={t('title.withdraw')} data-testid="to-withdraw">
            <Icon name="withdraw" size={22} />
          </Link>
        }
      />
      <RequestList query={withdrawals} testId="withdraw-list" render={(w) => <WithdrawalCard withdrawal={w} onCancel={setAsked} />} />
      <ConfirmDialog
        open={asked !== null}
        title={t('cancel.title')}
        message={asked ? t('cancel.text', { amount: formatMoney(asked.amount) }) : undefined}
        confirmLabel={t('cancel.action')}
        cancelLabel={t('cancel.keep')}
        danger
        busy={cancel.isPending}
        onConfirm={confirm}
        onCancel={() => setAsked(null)}
      />
    </main>
  );
}
