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
import { formatPrice, formatTimestamp } from '../../lib/format';
import { usePriceCondition, useProduct, type LiveProduct } from '../../features/market/hooks';
import { conditionLabelKey, isSimulated, type PriceCondition } from '../../lib/priceState';
import { AlertButton } from '../../features/alerts/AlertSheet';
import { AccountBar } from '../../features/trading/AccountBar';
import { OrderSheet } from '../../features/trading/OrderSheet';
import { TradePanel } from '../../features/trading/TradePanel';
import { useOpenOrdersOn, useOrder, useOrderEvents } from '../../features/trading/hooks';
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
  const openOrders = useOpenOrdersOn(symbol);

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
          <AccountBar />
          <section className={styles.quote} aria-label={t('detail.quote')}>
            <div className={styles.quoteMain}>
              <PriceCell price={p.lastPrice} change={p.change24h} size="lg" muted={muted} />
              <ChangeBadge change={p.change24h} text={formatChangePercent(p.change24h, i18n.language)} />
              <span className={styles.sub}>{p.symbol}</span>
            </div>
            <div className={styles.quoteFoot}>
              <QuoteState product={p} condition={condition} />
              <AlertButton product={{ symbol: p.symbol, name: p.name, precision: p.precision, lastPrice: p.lastPrice }} />
            </div>
            <dl className={styles.stats}>
              <div>
                <dt>{t('detail.high24h')}</dt>
                <dd data-testid="high24h">{formatPrice(p.high24h, i18n.language)}</dd>
              </div>
              <div>
                <dt>{t('detail.low24h')}</dt>
                <dd data-testid="low24h">{formatPrice(p.low24h, i18n.language)}</dd>
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

          <ChartPanel symbol={p.symbol} precision={p.precision} orders={openOrders} />
          <TradePanel product={p} condition={condition} onPlaced={onPlaced} />
          <PriceSource product={p} />
          <CatalogueHistory symbol={p.symbol} />
        </>
      )}
      {sheetOrderId ? <PlacedOrderSheet orderId={sheetOrderId} onClose={() => setSheetOrderId(null)} /> : null}
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

/**
 * The sheet of the order just placed: the name and live price of the order's own product (the market's price
 * cell), whatever symbol the address shows since — changing the address to another product does not
 * relabel the order.
 */
function PlacedOrderSheet({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const { data: order } = useOrder(orderId);
  const own = useProduct(order?.symbol ?? '').data;
  return (
    <OrderSheet
      order={order}
      productName={own?.name}
      livePrice={own?.lastPrice}
      priceCell={<PriceCell price={own?.lastPrice} size="sm" />}
      placed
      onClose={onClose}
    />
  );
}
