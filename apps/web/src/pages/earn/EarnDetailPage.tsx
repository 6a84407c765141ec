import { useTranslation } from 'react-i18next';
import type { EarnSummary } from '@candor/contracts';
import { ErrorState, Loading, PageHeader } from '../../components';
import { ratePercent } from '../../features/earn/format';
import { useEarnSummary } from '../../features/earn/hooks';
import { RecordList } from '../../features/earn/RecordList';
import { errorText } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import styles from '../../features/earn/earn.module.css';

/** The rules in plain words, with the live settings (cut-off, zone, rate, limits, minimum). */
function Rules({ s }: { s: EarnSummary }) {
  const { t } = useTranslation('earn');
  const v = {
    cutoff: s.cutoff,
    timezone: s.timezone,
    rate: ratePercent(s.dailyRate),
    in: s.dailyInLimit,
    out: s.dailyOutLimit,
    min: formatMoney(s.minAmount),
  };
  return (
    <>
      <section className="card" data-testid="earn-rules">
        <h2 className={styles.sectionTitle}>{t('rules.title')}</h2>
        <ol className={styles.rules}>
          {(['cutoff', 'confirm', 'noConfirm', 'income', 'withdraw', 'limits'] as const).map((k) => (
            <li key={k} data-testid={`rule-${k}`}>
              {t(`rules.${k}`, v)}
            </li>
          ))}
        </ol>
      </section>
      <section className="card" data-testid="earn-payer">
        <h2 className={styles.sectionTitle}>{t('rules.payerTitle')}</h2>
        <p className={styles.text}>{t('rules.payer')}</p>
      </section>
    </>
  );
}

/** /pages/money/detail: how Yu'e Bao works and the user's records. */
export default function EarnDetailPage() {
  const { t } = useTranslation('earn');
  const summary = useEarnSummary();
  let body;
  if (summary.isPending) body = <Loading />;
  else if (summary.isError) body = <ErrorState message={errorText(summary.error, t)} onRetry={() => void summary.refetch()} />;
  else
    body = (
      <>
        <Rules s={summary.data} />
        <RecordList timeZone={summary.data.timezone} />
      </>
    );
  return (
    <main className="page" data-testid="earn-detail-page">
      <PageHeader title={t('title.detail')} back />
      <div className="page__body">{body}</div>
    </main>
  );
}
