import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { EarnSummary } from '@candor/contracts';
import { ErrorState, Icon, Loading, PageHeader } from '../../components';
import { formatCalendarDate, formatZoned, ratePercent } from '../../features/earn/format';
import { useEarnIncome, useEarnSummary, type EarnDirection } from '../../features/earn/hooks';
import { TransferForm } from '../../features/earn/TransferForm';
import { WhoPays } from '../../features/earn/WhoPays';
import { useWallet } from '../../features/trading/hooks';
import { errorText } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { ROUTES } from '../../lib/paths';
import styles from '../../features/earn/earn.module.css';

// recharts comes with the chart alone, after the figures have shown.
const IncomeChart = lazy(() => import('../../features/earn/IncomeChart'));

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd className="num" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Overview({ s }: { s: EarnSummary }) {
  const { t, i18n } = useTranslation('earn');
  return (
    <>
      <section className={styles.hero} aria-label={t('summary.total')}>
        <p className={styles.heroLabel}>{t('summary.total')}</p>
        <p className={`num ${styles.heroValue}`} data-testid="earn-total">
          {formatMoney(s.total)}
        </p>
        <dl className={styles.heroGrid}>
          <Figure label={t('summary.yesterdayIncome')} value={formatMoney(s.yesterdayIncome, { sign: true })} testId="earn-yesterday" />
          <Figure label={t('summary.totalIncome')} value={formatMoney(s.totalIncome)} testId="earn-total-income" />
        </dl>
        <p className={styles.heroNote}>
          {s.incomeDate ? t('summary.incomeFor', { date: formatCalendarDate(s.incomeDate, i18n.language) }) : t('summary.noIncomeYet')}
        </p>
      </section>
      <dl className={`card ${styles.grid}`}>
        <Figure label={t('summary.confirmed')} value={formatMoney(s.confirmed)} testId="earn-confirmed" />
        <Figure label={t('summary.pending')} value={formatMoney(s.pending)} testId="earn-pending" />
        <Figure label={t('summary.withdrawable')} value={formatMoney(s.withdrawable)} testId="earn-withdrawable" />
        <Figure label={t('summary.incomePer10k')} value={formatMoney(s.incomePer10k)} testId="earn-per10k" />
        <Figure label={t('summary.sevenDayYield')} value={s.sevenDayYield === null ? '--' : ratePercent(s.sevenDayYield, 4)} testId="earn-7d" />
        <Figure label={t('summary.dailyRate')} value={ratePercent(s.dailyRate)} testId="earn-daily-rate" />
        <Figure label={t('summary.annualSimple')} value={ratePercent(s.annualizedRate, 2)} testId="earn-annual" />
        <Figure label={t('summary.annualCompounded')} value={ratePercent(s.annualizedRateCompounded, 2)} testId="earn-annual-compounded" />
      </dl>
      <WhoPays daysCovered={s.daysCovered} />
      <p className={styles.muted} data-testid="earn-left-today">
        {t('form.leftIn', { left: s.remainingInToday, limit: s.dailyInLimit })}
        <br />
        {t('form.leftOut', { left: s.remainingOutToday, limit: s.dailyOutLimit })}
      </p>
      <p className={styles.muted} data-testid="earn-next-posting">
        {t('summary.nextPosting', { time: formatZoned(s.nextPostingAt, i18n.language, s.timezone), timezone: s.timezone })}
      </p>
    </>
  );
}

/** /pages/money/money: the user's Yu'e Bao, its income chart, and transfers in and out. */
export default function EarnPage() {
  const { t } = useTranslation('earn');
  const summary = useEarnSummary();
  const income = useEarnIncome(30);
  const wallet = useWallet();
  const [direction, setDirection] = useState<EarnDirection>('in');

  const details = (
    <Link to={ROUTES.moneyDetail} className="icon-btn" aria-label={t('action.details')} data-testid="to-earn-detail">
      <Icon name="records" size={22} />
    </Link>
  );

  let body;
  if (summary.isPending || wallet.isPending) body = <Loading />;
  else if (summary.isError) body = <ErrorState message={errorText(summary.error, t)} onRetry={() => void summary.refetch()} />;
  else if (wallet.isError) body = <ErrorState message={errorText(wallet.error, t)} onRetry={() => void wallet.refetch()} />;
  else
    body = (
      <>
        <Overview s={summary.data} />
        <section className="card" aria-label={t('chart.title')}>
          <h2 className={styles.sectionTitle}>{t('chart.title')}</h2>
          {income.isPending ? (
            <Loading />
          ) : income.isError ? (
            <ErrorState message={errorText(income.error, t)} onRetry={() => void income.refetch()} />
          ) : (
            <Suspense fallback={<Loading />}>
              <IncomeChart days={income.data} />
            </Suspense>
          )}
        </section>
        <div className={styles.tabs} role="tablist" aria-label={t('action.transfer')}>
          {(['in', 'out'] as const).map((d) => (
            <button
              key={d}
              type="button"
              role="tab"
              aria-selected={direction === d}
              className={direction === d ? `${styles.tab} ${styles.tabOn}` : styles.tab}
              onClick={() => setDirection(d)}
              data-testid={`earn-tab-${d}`}
            >
              {t(d === 'in' ? 'action.in' : 'action.out')}
            </button>
          ))}
        </div>
        <TransferForm key={direction} direction={direction} summary={summary.data} cash={wallet.data.available} />
        <div className={styles.links}>
          <Link to={ROUTES.moneyDetail} className="btn btn--secondary btn--block" data-testid="earn-detail-link">
            <span className="btn__label">{t('action.details')}</span>
          </Link>
          <Link to={ROUTES.transfer} className="btn btn--ghost btn--block" data-testid="earn-transfer-link">
            <span className="btn__label">{t('action.transfer')}</span>
          </Link>
        </div>
      </>
    );

  return (
    <main className="page" data-testid="earn-page">
      <PageHeader title={t('title.money')} back right={details} />
      <div className="page__body">{body}</div>
    </main>
  );
}
