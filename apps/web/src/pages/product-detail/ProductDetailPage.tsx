import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Order } from '@candor/contracts';
import { EmptyState, ErrorState, Icon, Loading, PageHeader } from '../../components';
import { CatalogueHistory, ScheduledChangesNotice } from '../../features/market/CatalogueChanges';
import { ChartPanel } from '../../features/market/ChartPanel';
import { LiveDot } from '../../features/market/LiveDot';
import { ChangeBadge, PriceCell } from '../../features/market/PriceCell';
import { PriceSource } from '../../features/market/PriceSource';
import { SimulatedBadge } from '../../features/market/SimulatedBadge';
import { formatChangePercent, formatVolume } from '../../features/market/format';
import { formatTimestamp } from '../../lib/format';
import { usePriceCondition, useProduct, type LiveProduct } from '../../features/market/hooks';
import { conditionLabelKey, isSimulated, type PriceCondition } from '../../lib/priceState';
import { OrderSheet } from '../../features/trading/OrderSheet';
import { TradePanel } from '../../features/trading/TradePanel';
import { useOrder, useOrderEvents } from '../../features/trading/hooks';
import { isApiError } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { ROUTES } from '../../lib/paths';
import styles from '../../features/market/market.module.css';

/** /pages/Detail/Detail?symbol=BTCUSDT: live price and 24h figures, the chart, and the trade panel. */
export default function ProductDetailPage() {
  const { t, i18n } = useTranslation('market');
  const [params] = useSearchParams();
  const symbol = (params.get('symbol') ?? '').toUpperCase();
  const product = useProduct(symbol);
  const [sheetOrderId, setSheetOrderId] = useState<string | null>(null);
  const onPlaced = useCallback((o: Order) => setSheetOrderId(o.id), []);
  // Settlements arrive over the socket: the sheet and the lists update without a reload.
  useOrderEvents();

  const p: LiveProduct | undefined = product.data;
  const condition = usePriceCondition(p);
  const muted = condition === 'halted' || condition === 'stale';
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
              <PriceCell price={p.lastPrice} change={p.change24h} size="lg" muted={muted} />
              <ChangeBadge change={p.change24h} text={formatChangePercent(p.change24h, i18n.language)} />
              <span className={styles.sub}>{p.symbol}</span>
            </div>
            <QuoteState product={p} condition={condition} />
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

          {p.status === 'closed' || p.status === 'maintenance' ? (
            <div className={styles.notice} role="status" data-testid="market-notice" data-status={p.status}>
              <Icon name={p.status === 'maintenance' ? 'tools' : 'clock'} size={22} />
              <div>
                <strong>{t(`notice.${p.status}`)}</strong>
                {p.maintenanceMessage ? <p>{p.maintenanceMessage}</p> : null}
                <p>{p.nextOpenAt ? t('notice.nextOpen', { time: formatTimestamp(p.nextOpenAt, i18n.language) }) : t('notice.nextOpenUnknown')}</p>
              </div>
            </div>
          ) : null}
          <ScheduledChangesNotice product={p} />

          <ChartPanel symbol={p.symbol} precision={p.precision} />
          <TradePanel product={p} condition={condition} onPlaced={onPlaced} />
          <PriceSource product={p} />
          <CatalogueHistory symbol={p.symbol} />
        </>
      )}
      {sheetOrderId ? <PlacedOrderSheet orderId={sheetOrderId} productName={p?.name} onClose={() => setSheetOrderId(null)} /> : null}
    </main>
  );
}

/**
 * One line under the price, always there so nothing moves when it changes: why the price is not current
 * (halted with the reason, or waiting for prices), else how it is made (the badge of simulated prices, or
 * how many exchanges made the last tick).
 */
function QuoteState({ product: p, condition }: { product: LiveProduct; condition: PriceCondition | undefined }) {
  const { t } = useTranslation('market');
  const label = condition ? conditionLabelKey(condition, p.haltReason) : null;
  const warn = condition === 'halted' || condition === 'stale';
  return (
    <p
      className={warn ? `${styles.quoteState} ${styles.quoteStateWarn}` : styles.quoteState}
      role="status"
      data-testid="quote-state"
      data-condition={condition}
    >
      {warn && label ? (
        t(label)
      ) : isSimulated(p) ? (
        <SimulatedBadge />
      ) : p.status === 'open' ? (
        <>
          {t('price.median', { n: p.priceSource.venues.length })}
          {p.sourcesUsed !== undefined && p.sourcesTotal !== undefined ? ` · ${t('price.used', { used: p.sourcesUsed, total: p.sourcesTotal })}` : ''}
        </>
      ) : null}
    </p>
  );
}

/** The sheet of the order just placed, with the live price of its product (the market's price cell). */
function PlacedOrderSheet({ orderId, productName, onClose }: { orderId: string; productName: string | undefined; onClose: () => void }) {
  const { data: order } = useOrder(orderId);
  const price = useProduct(order?.symbol ?? '').data?.lastPrice;
  return <OrderSheet order={order} productName={productName} livePrice={price} priceCell={<PriceCell price={price} size="sm" />} onClose={onClose} />;
}
