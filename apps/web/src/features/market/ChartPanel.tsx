import { lazy, memo, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CANDLE_INTERVALS, type CandleInterval } from '@candor/contracts';
import { EmptyState, ErrorState, Loading } from '../../components';
import { errorText } from '../../lib/errors';
import { useCandles } from './hooks';
import styles from './market.module.css';

// lightweight-charts (~53 kB gzip) loads only here, in its own chunk.
const CandleChart = lazy(() => import('./CandleChart'));

const CHART_HEIGHT = 260;

/** Interval tabs (1m 5m 15m 1h 1d) over a live candlestick chart; its props do not change with each tick. */
export const ChartPanel = memo(ChartPanelView);

function ChartPanelView({ symbol, precision }: { symbol: string; precision: number }) {
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
        ) : (
          <Suspense fallback={<Loading delayMs={200} />}>
            <CandleChart candles={candles.data} precision={precision} interval={interval} locale={i18n.language} height={CHART_HEIGHT} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
