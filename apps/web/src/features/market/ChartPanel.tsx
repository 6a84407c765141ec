import { lazy, memo, Suspense, useState } from 'react';
import type { ChartOrder } from './chartOrders';
import { ChartOrderLegend } from './ChartOrderLegend';
import { useTranslation } from 'react-i18next';
import { CANDLE_INTERVALS, type CandleInterval } from '@candor/contracts';
import { Button, EmptyState, ErrorState, Loading } from '../../components';
import { errorText } from '../../lib/errors';
import { enoughHistory } from './candles';
import { useCandles } from './hooks';
import styles from './market.module.css';

// lightweight-charts (~53 kB gzip) loads only here, in its own chunk.
const CandleChart = lazy(() => import('./CandleChart'));

const CHART_HEIGHT = 260;

/**
 * Interval tabs (1m 5m 15m 1h 1d) over a live candlestick chart, with the user's open orders on it (a line at
 * each open price, and a legend with each expiry and countdown); its props do not change with each tick.
 */
export const ChartPanel = memo(ChartPanelView);

const NO_ORDERS: readonly ChartOrder[] = [];

function ChartPanelView({ symbol, precision, orders = NO_ORDERS }: { symbol: string; precision: number; orders?: readonly ChartOrder[] }) {
  const { t, i18n } = useTranslation('market');
  const [interval, setChosen] = useState<CandleInterval>('1m');
  const candles = useCandles(symbol, interval);
  return (
    <section className={styles.chartPanel} aria-label={t('chart.label')}>
      <div className={styles.intervals} role="tablist" aria-label={t('chart.interval')}>
        {CANDLE_INTERVALS.map((iv) => (
          <button
            key={iv}
            type="button"
            role="tab"
            aria-selected={iv === interval}
            className={iv === interval ? `${styles.interval} ${styles.intervalOn}` : styles.interval}
            onClick={() => setChosen(iv)}
            data-testid={`interval-${iv}`}
          >
            {t(`chart.intervals.${iv}`)}
          </button>
        ))}
      </div>
      <div className={styles.chartBox} style={{ minHeight: CHART_HEIGHT }}>
        {candles.isPending ? (
          <Loading />
        ) : candles.isError ? (
          <ErrorState message={errorText(candles.error, t)} onRetry={() => void candles.refetch()} />
        ) : candles.data.length === 0 ? (
          <EmptyState icon="chart" title={t('chart.empty')} />
        ) : !enoughHistory(interval, candles.data.length) ? (
          <div data-testid="chart-short-history">
            <EmptyState
              icon="chart"
              title={t('chart.shortHistory')}
              description={t('chart.shortHistoryText', { interval: t(`chart.intervals.${interval}`) })}
              action={
                <Button size="sm" variant="secondary" onClick={() => setChosen('1m')}>
                  {t('chart.showInterval', { interval: t('chart.intervals.1m') })}
                </Button>
              }
            />
          </div>
        ) : (
          <Suspense fallback={<Loading delayMs={200} />}>
            <CandleChart candles={candles.data} precision={precision} interval={interval} locale={i18n.language} height={CHART_HEIGHT} orders={orders} />
          </Suspense>
        )}
      </div>
      <ChartOrderLegend orders={orders} />
    </section>
  );
}
