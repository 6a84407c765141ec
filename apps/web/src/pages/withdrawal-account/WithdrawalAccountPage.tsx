import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Loading, PageHeader } from '../../components';
import { AccountDetails } from '../../features/money/AccountDetails';
import { useWithdrawalAccount } from '../../features/money/hooks';
import { HoldNotice, useFormatTime } from '../../features/money/parts';
import { errorText } from '../../lib/errors';
import { ROUTES } from '../../lib/paths';
import styles from '../../features/money/money.module.css';

/** /pages/account/account: the bound withdrawal account in full, its hold after a change, or "not yet bound". */
export default function WithdrawalAccountPage() {
  const { t } = useTranslation('money');
  const time = useFormatTime();
  const account = useWithdrawalAccount();
  return (
    <main className="page" data-testid="account-page">
      <PageHeader title={t('title.account')} back />
      <div className="page__body">
        {account.isPending ? (
          <Loading />
        ) : account.isError ? (
          <ErrorState message={errorText(account.error, t)} onRetry={() => void account.refetch()} />
        ) : account.data === null ? (
          <EmptyState
            icon="card"
            title={t('account.notBound')}
            description={t('account.notBoundText')}
            action={
              <Link to={ROUTES.accountDetail} className="btn btn--primary" data-testid="account-bind">
                <span className="btn__label">{t('account.bind')}</span>
              </Link>
            }
          />
        ) : (
          <>
            <HoldNotice holdUntil={account.data.holdUntil} />
            <AccountDetails account={account.data} />
            <p className={styles.muted}>{t('account.updatedAt', { time: time(account.data.updatedAt) })}</p>
            <p className={styles.note}>{t('account.changeNote')}</p>
            <Link to={ROUTES.accountDetail} className="btn btn--secondary btn--block" data-testid="account-change">
              <span className="btn__label">{t('account.change')}</span>
            </Link>
            <Link to={ROUTES.withdrawMoney} className="btn btn--primary btn--block" data-testid="account-withdraw">
              <span className="btn__label">{t('withdraw.submit')}</span>
            </Link>
          </>
        )}
      </div>
    </main>
  );
}
