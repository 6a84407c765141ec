import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { ROUTES } from '../../lib/paths';
import { useSession, type LoginRedirectState } from '../../lib/session';
import { AccountSwitch } from './AccountSwitch';
import { useTradeAccount, useWallet, type TradeAccount } from './hooks';
import styles from './trading.module.css';

/**
 * The available balance of `account`, live (the wallet follows its socket event): the real account's
 * available money or the demo balance; a login link for a visitor.
 */
export function AccountBalance({ account, testId = 'account-balance' }: { account: TradeAccount; testId?: string }) {
  const { t } = useTranslation('trade');
  const session = useSession();
  const location = useLocation();
  const wallet = useWallet();
  const authed = session.status === 'authenticated';
  const balance = account === 'demo' ? wallet.data?.demo : wallet.data?.available;
  const loginState: LoginRedirectState = { from: location.pathname + location.search };
  return (
    <span className={styles.barBalance} data-testid={testId} data-account={account}>
      <span className={styles.muted}>{account === 'demo' ? t('balance.demo') : t('balance.available')}</span>{' '}
      {!authed ? (
        session.status === 'loading' ? (
          '…'
        ) : (
          <Link to={ROUTES.login} state={loginState} className={styles.link}>
            {t('balance.login')}
          </Link>
        )
      ) : wallet.isPending ? (
        '…'
      ) : wallet.isError ? (
        <button type="button" className={styles.link} onClick={() => void wallet.refetch()}>
          {t('balance.retry')}
        </button>
      ) : (
        <strong className={styles.barAmount}>{formatMoney(balance)}</strong>
      )}
    </span>
  );
}

/** The top of the trading screens: the real / demo switch and the chosen account's balance, always in view. */
export function AccountBar() {
  const [account, setAccount] = useTradeAccount();
  return (
    <div className={styles.accountBar} data-testid="account-bar" data-account={account}>
      <AccountSwitch value={account} onChange={setAccount} />
      <AccountBalance account={account} />
    </div>
  );
}
