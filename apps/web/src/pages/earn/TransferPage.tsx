import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, Icon, Loading, PageHeader } from '../../components';
import { useEarnSummary, type EarnDirection } from '../../features/earn/hooks';
import { TransferForm } from '../../features/earn/TransferForm';
import { useWallet } from '../../features/trading/hooks';
import { errorText } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import styles from '../../features/earn/earn.module.css';

/** /pages/transfer/transfer: the trading balance and Yu'e Bao side by side, money moved either way. */
export default function TransferPage() {
  const { t } = useTranslation('earn');
  const summary = useEarnSummary();
  const wallet = useWallet();
  const [direction, setDirection] = useState<EarnDirection>('in');
  const sides = [
    { key: 'cash', label: t('transfer.cash'), value: wallet.data?.available, testId: 'transfer-cash' },
    { key: 'earn', label: t('transfer.earn'), value: summary.data?.total, testId: 'transfer-earn' },
  ];
  const [from, to] = direction === 'in' ? sides : [sides[1], sides[0]];

  let body;
  if (summary.isPending || wallet.isPending) body = <Loading />;
  else if (summary.isError) body = <ErrorState message={errorText(summary.error, t)} onRetry={() => void summary.refetch()} />;
  else if (wallet.isError) body = <ErrorState message={errorText(wallet.error, t)} onRetry={() => void wallet.refetch()} />;
  else
    body = (
      <>
        <section className={`card ${styles.sides}`} data-testid="transfer-sides" data-direction={direction}>
          {[from, to].map((side, i) =>
            side ? (
              <div key={side.key} className={styles.side}>
                <span className={styles.sideRole}>{t(i === 0 ? 'transfer.from' : 'transfer.to')}</span>
                <span className={styles.sideName}>{side.label}</span>
                <span className="num" data-testid={side.testId}>
                  {formatMoney(side.value)}
                </span>
              </div>
            ) : null,
          )}
          <button
            type="button"
            className={styles.swap}
            onClick={() => setDirection((d) => (d === 'in' ? 'out' : 'in'))}
            aria-label={t('transfer.swap')}
            data-testid="transfer-swap"
          >
            <Icon name="refresh" size={20} />
          </button>
        </section>
        <TransferForm key={direction} direction={direction} summary={summary.data} cash={wallet.data.available} />
      </>
    );

  return (
    <main className="page" data-testid="transfer-page">
      <PageHeader title={t('title.transfer')} back />
      <div className="page__body">{body}</div>
    </main>
  );
}
