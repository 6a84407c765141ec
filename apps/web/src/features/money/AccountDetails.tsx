import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { WithdrawalAccount } from '@candor/contracts';
import { Icon } from '../../components';
import { regionNamer } from '../../lib/countries';
import styles from './money.module.css';

type Shown = 'accountName' | 'nationality' | 'bank' | 'region' | 'network' | 'currencyAddress';
const SHOWN: Record<WithdrawalAccount['type'], Shown[]> = {
  bank: ['accountName', 'nationality', 'bank', 'region'],
  crypto: ['accountName', 'nationality', 'network', 'currencyAddress'],
};

/**
 * The bound account as its owner sees it: the masked number as the title (the only form of the card number
 * anywhere in the app), the other details below, the country by its name in the UI language.
 */
export function AccountDetails({ account }: { account: WithdrawalAccount }) {
  const { t, i18n } = useTranslation('money');
  const country = useMemo(() => regionNamer(i18n.resolvedLanguage ?? i18n.language), [i18n.resolvedLanguage, i18n.language]);
  const shown = (f: Shown): string => {
    const v = account[f];
    if (!v) return '--';
    // Accounts bound before the country picker hold free text; a two-letter code is named.
    return f === 'nationality' && /^[A-Z]{2}$/.test(v) ? country(v) : v;
  };
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
            <dd data-testid={`account-${f}`}>{shown(f)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
