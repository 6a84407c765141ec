import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { OrderStatistics } from '@candor/contracts';
import { Button, EmptyState, ErrorState, Loading, PageHeader, PageSkeleton, SkeletonList } from '../../components';
import { useOrderStatistics } from '../../features/statistics/hooks';
import { daysParam, formatWinRate, resultClass, STATISTICS_DAYS, type StatisticsDays } from '../../features/statistics/format';
import { AccountSwitch } from '../../features/trading/AccountSwitch';
import { useOrderEvents, useTradeAccount } from '../../features/trading/hooks';
import { errorText } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { usePageNamespace } from '../../lib/i18n';
import { ROUTES } from '../../lib/paths';
import styles from '../../features/statistics/statistics.module.css';

// recharts comes with the chart alone, after the figures have shown.
const StatisticsChart = lazy(() => import('../../features/statistics/StatisticsChart'));

function Tile({ label, value, className = 'num', testId }: { label: string; value: string; className?: string; testId: string }) {
  return (
    <div className={styles.tile}>
      <dt>{label}</dt>
      <dd className={className} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Figures({ s }: { s: OrderStatistics }) {
  const { t } = useTranslation('stats');
  const { totals } = s;
  return (
    <section aria-label={t('title')}>
      <dl className={styles.tiles}>
        <Tile label={t('tiles.winRate')} value={formatWinRate(totals.winRate)} testId="stats-win-rate" />
        <Tile label={t('tiles.orders')} value={String(totals.orders)} testId="stats-orders" />
        <Tile label={t('tiles.net')} value={formatMoney(totals.net, { sign: true })} className={resultClass(totals.net)} testId="stats-net" />
      </dl>
      <p className={styles.record} data-testid="stats-record">
        {t('record', { wins: totals.wins, losses: totals.losses, ties: totals.ties })}
      </p>
      <dl className={styles.money}>
        <div>
          <dt>{t('tiles.staked')}</dt>
          <dd className="num" data-testid="stats-staked">
            {formatMoney(totals.staked)}
          </dd>
        </div>
        <div>
          <dt>{t('tiles.paidOut')}</dt>
          <dd className="num" data-testid="stats-paid-out">
            {formatMoney(totals.paidOut)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function Products({ s }: { s: OrderStatistics }) {
  const { t } = useTranslation('stats');
  return (
    <section className="card" aria-labelledby="stats-products-title">
      <h2 id="stats-products-title" className={styles.sectionTitle}>
        {t('products.title')}
      </h2>
      <ul className={styles.products} data-testid="stats-products">
        {s.byProduct.map((p) => (
          <li key={p.symbol} className={styles.product} data-testid={`stats-product-${p.symbol}`}>
            <div>
              <p className={styles.productName}>{p.name}</p>
              <p className={styles.productFacts}>
                {p.name === p.symbol ? '' : `${p.symbol} · `}
                {t('products.facts', { orders: p.orders, rate: formatWinRate(p.winRate) })}
              </p>
            </div>
            <span className={`${resultClass(p.net)} ${styles.productNet}`} data-testid="stats-product-net">
              {formatMoney(p.net, { sign: true })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /pages/statistics/statistics?days=7|30|90: the user's settled orders of the real or the demo account over
 * the period, as figures (win rate, orders, net result in the reader's rise colours), a chart of each day's
 * net result and the products. Its text (the `stats` namespace) is loaded with the page, not with the app.
 */
export default function StatisticsPage() {
  const { t } = useTranslation('stats');
  const ns = usePageNamespace('stats');
  const [params, setParams] = useSearchParams();
  const days = daysParam(params.get('days'));
  const [account, setAccount] = useTradeAccount();
  const stats = useOrderStatistics(account, days);
  // A settlement pushed while the page is open asks the figures again (they live under the orders' key).
  useOrderEvents();

  if (!ns.ready) {
    return ns.failed ? (
      <main className="page">
        <PageHeader title={t('common:pageError.title')} back />
        <div className="state state--error" role="alert">
          <p className="state__title">{t('common:pageError.title')}</p>
          <div className="state__action">
            <Button onClick={ns.retry}>{t('common:action.retry')}</Button>
          </div>
        </div>
      </main>
    ) : (
      <PageSkeleton />
    );
  }

  const setDays = (d: StatisticsDays) => setParams(d === 30 ? {} : { days: String(d) }, { replace: true });
  const s = stats.data;

  let body;
  if (stats.isPending) body = <SkeletonList rows={3} />;
  else if (stats.isError) body = <ErrorState message={errorText(stats.error, t)} onRetry={() => void stats.refetch()} />;
  else if (s!.totals.orders === 0)
    body = (
      <EmptyState
        icon="chart"
        title={t('empty.title')}
        description={t('empty.text')}
        action={
          <Link to={ROUTES.product} className="btn btn--secondary">
            <span className="btn__label">{t('trade:positions.goTrade')}</span>
          </Link>
        }
      />
    );
  else
    body = (
      <>
        <Figures s={s!} />
        <section className="card" aria-labelledby="stats-chart-title">
          <h2 id="stats-chart-title" className={styles.sectionTitle}>
            {t('chart.title')}
          </h2>
          <Suspense fallback={<Loading />}>
            <StatisticsChart days={s!.byDay} net={s!.totals.net} />
          </Suspense>
        </section>
        <Products s={s!} />
      </>
    );

  return (
    <main className="page" data-testid="statistics-page" data-account={account} data-days={days} aria-busy={stats.isPending}>
      <PageHeader title={t('title')} back />
      <div className={styles.toolbar}>
        <AccountSwitch value={account} onChange={setAccount} />
      </div>
      <div className={styles.periods} role="tablist" aria-label={t('period.label')}>
        {STATISTICS_DAYS.map((d) => (
          <button
            key={d}
            type="button"
            role="tab"
            aria-selected={days === d}
            className={days === d ? `${styles.period} ${styles.periodOn}` : styles.period}
            onClick={() => setDays(d)}
            data-testid={`stats-days-${d}`}
          >
            {t(`period.d${d}`)}
          </button>
        ))}
      </div>
      <div
        className="page__body"
        data-testid="statistics-body"
        data-state={stats.isPending ? 'loading' : stats.isError ? 'error' : s!.totals.orders ? 'ready' : 'empty'}
      >
        {body}
        <p className={styles.notes} data-testid="stats-notes">
          {t('notes.rules')} {s ? t('notes.zone', { zone: s.timezone }) : null} {account === 'demo' ? t('notes.demo') : null}
        </p>
      </div>
    </main>
  );
}
