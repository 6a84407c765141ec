import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { breakEvenPercent, ratePercent } from '@candor/domain';
import type { Product } from '@candor/contracts';
import { formatMoney, localizeDecimal } from '../../lib/format';
import { ROUTES } from '../../lib/paths';
import type { LoginRedirectState } from '../../lib/session';
import { DemoResetButton } from './DemoResetButton';
import type { TradeAccount, useWallet } from './hooks';
import styles from './trading.module.css';

export interface TradeFactsProps {
  account: TradeAccount;
  authed: boolean;
  wallet: Pick<ReturnType<typeof useWallet>, 'isPending' | 'isError' | 'refetch'>;
  /** The chosen account's balance (wire money), once known. */
  balance: string | undefined;
  /** Where the login link brings a visitor back to. */
  loginState: LoginRedirectState;
  /** The estimated payout (wire money), or null without a usable stake and expiry. */
  estimate: string | null;
  expiry: Product['expiries'][number] | null;
}

/** The balance of the chosen account (or a login link), the estimated payout and the break-even win rate. */
export function TradeFacts({ account, authed, wallet, balance, loginState, estimate, expiry }: TradeFactsProps) {
  const { t, i18n } = useTranslation('trade');
  const pct = (text: string) => localizeDecimal(text, i18n.language);
  return (
    <>
      <dl className={styles.facts}>
        <div>
          <dt>{account === 'demo' ? t('balance.demo') : t('balance.available')}</dt>
          <dd data-testid="balance">
            {!authed ? (
              <Link to={ROUTES.login} state={loginState} className={styles.link}>
                {t('balance.login')}
              </Link>
            ) : wallet.isPending ? (
              '…'
            ) : wallet.isError ? (
              <button type="button" className={styles.link} onClick={() => void wallet.refetch()}>
                {t('balance.retry')}
              </button>
            ) : (
              formatMoney(balance)
            )}
            {authed && account === 'demo' ? <DemoResetButton /> : null}
          </dd>
        </div>
        <div>
          <dt>{t('estimate.payout')}</dt>
          <dd data-testid="estimate">{estimate ? formatMoney(estimate) : '--'}</dd>
        </div>
        <div>
          <dt>{t('estimate.breakEven')}</dt>
          <dd data-testid="break-even">{expiry ? t('percent', { value: pct(breakEvenPercent(expiry.payoutRate)) }) : '--'}</dd>
        </div>
      </dl>
      {expiry ? (
        <p className={styles.hint}>
          {t('estimate.explain', { rate: pct(ratePercent(expiry.payoutRate)), breakEven: pct(breakEvenPercent(expiry.payoutRate)) })}
        </p>
      ) : null}
    </>
  );
}
