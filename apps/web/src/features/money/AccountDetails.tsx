import { useTranslation } from 'react-i18next';
import type { WithdrawalAccount } from '@candor/contracts';
import { Icon } from '../../components';
import styles from './money.module.css';

type Shown = 'accountName' | 'nationality' | 'bank' | 'cardNumber' | 'region' | 'network' | 'currencyAddress';
const SHOWN: Record<WithdrawalAccount['type'], Shown[]> = {
  bank: ['accountName', 'nationality', 'bank', 'cardNumber', 'region'],
  crypto: ['accountName', 'nationality', 'network', 'currencyAddress'],
};

/** The bound account as its owner sees it: the masked form as the title, every detail in full below. */
export function AccountDetails({ account }: { account: WithdrawalAccount }) {
  const { t } = useTranslation('money');
  return (
    <section className="card" data-testid="bound-account" data-type={account.type}>
      <div className={styles.accountHead}>
        <span className={styles.accountIcon}>
          <Icon name={account.type === 'bank' ? 'card' : 'wallet'} size={24} />
        </span>
        <span>
          <span className={styles.accountTitle}>{t(`type.${account.type}`)}</span>
          <br />
          <span className={styles.accountMasked} data-testid="account-masked">
            {account.masked}
          </span>
        </span>
      </div>
      <dl className={styles.rows}>
        {SHOWN[account.type].map((f) => (
          <div key={f} className={styles.row}>
            <dt>{t(`field.${f}`)}</dt>
            <dd data-testid={`account-${f}`}>{account[f] ?? '--'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
