import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Icon, Loading, PageHeader } from '../../components';
import { ChartPanel } from '../../features/market/ChartPanel';
import { LiveDot } from '../../features/market/LiveDot';
import { ChangeBadge, PriceCell } from '../../features/market/PriceCell';
import { formatChangePercent, formatTimestamp, formatVolume } from '../../features/market/format';
import { useProduct } from '../../features/market/hooks';
import { OrderSheet } from '../../features/trading/OrderSheet';
import { TradePanel } from '../../features/trading/TradePanel';
import { useOrderEvents } from '../../features/trading/hooks';
import { isApiError } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { ROUTES } from '../../lib/paths';
import styles from '../../features/market/market.module.css';

/** /pages/Detail/Detail?symbol=BTCUSDT: live price and 24h figures, the chart, and the trade panel. */
export default function DetailPage() {
  const { t, i18n } = useTranslation('market');
  const [params] = useSearchParams();
  const symbol = (params.get('symbol') ?? '').toUpperCase();
  const product = useProduct(symbol);
  const [sheetOrderId, setSheetOrderId] = useState<string | null>(null);
  // Settlements arrive over the socket: the sheet and the lists update without a reload.
  useOrderEvents();

  const p = product.data;
  const notFound = symbol === '' || (isApiError(product.error) && product.error.status === 404);

  return (
    <main className="page" data-testid="detail" data-symbol={symbol}>
      <PageHeader title={p?.name ?? symbol} back right={<LiveDot />} />
      {notFound ? (
        <EmptyState
          icon="chart"
          title={t('detail.notFound')}
          action={
            <Link to={ROUTES.product} className="btn btn--secondary">
              <span className="btn__label">{t('home.allProducts')}</span>
            </Link>
          }
        />
      ) : !p ? (
        product.isError ? (
          <ErrorState message={errorText(product.error, t)} onRetry={() => void product.refetch()} />
        ) : (
          <Loading />
        )
      ) : (
        <>
          <section className={styles.quote} aria-label={t('detail.quote')}>
            <div className={styles.quoteMain}>
              <PriceCell price={p.lastPrice} change={p.change24h} size="lg" />
              <ChangeBadge change={p.change24h} text={formatChangePercent(p.change24h, i18n.language)} />
              <span className={styles.sub}>{p.symbol}</span>
            </div>
            <dl className={styles.stats}>
              <div>
                <dt>{t('detail.high24h')}</dt>
                <dd data-testid="high24h">{p.high24h ?? '--'}</dd>
              </div>
              <div>
                <dt>{t('detail.low24h')}</dt>
                <dd data-testid="low24h">{p.low24h ?? '--'}</dd>
              </div>
              <div>
                <dt>{t('detail.volume24h')}</dt>
                <dd data-testid="volume24h">{formatVolume(p.volume24h, i18n.language)}</dd>
              </div>
              <div>
                <dt>{t('detail.amount24h')}</dt>
                <dd data-testid="amount24h">{formatVolume(p.amount24h, i18n.language)}</dd>
              </div>
            </dl>
          </section>

          {p.status !== 'open' ? (
            <div className={styles.notice} role="status" data-testid="market-notice" data-status={p.status}>
              <Icon name={p.status === 'maintenance' ? 'tools' : 'clock'} size={22} />
              <div>
                <strong>{t(`notice.${p.status}`)}</strong>
                {p.maintenanceMessage ? <p>{p.maintenanceMessage}</p> : null}
                <p>{p.nextOpenAt ? t('notice.nextOpen', { time: formatTimestamp(p.nextOpenAt, i18n.language) }) : t('notice.nextOpenUnknown')}</p>
              </div>
            </div>
          ) : null}

          <ChartPanel symbol={p.symbol} precision={p.precision} />
          <TradePanel product={p} onPlaced={(o) => setSheetOrderId(o.id)} />
        </>
      )}
      {sheetOrderId ? <OrderSheet orderId={sheetOrderId} productName={p?.name} onClose={() => setSheetOrderId(null)} /> : null}
    </main>
  );
}
