import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, ErrorState, Icon, PageHeader, SkeletonList } from '../../components';
import { useProducts } from '../../features/market/hooks';
import { LiveDot } from '../../features/market/LiveDot';
import { PriceCell } from '../../features/market/PriceCell';
import { AccountBar } from '../../features/trading/AccountBar';
import { ClosedOrderCard, OpenOrderCard } from '../../features/trading/OrderCards';
import { DemoResetButton } from '../../features/trading/DemoResetButton';
import { useOrderEvents, useOrders, useTradeAccount, type OrderTab } from '../../features/trading/hooks';
import { errorText } from '../../lib/errors';
import { flattenPages } from '../../lib/paging';
import { ROUTES } from '../../lib/paths';
import styles from '../../features/trading/trading.module.css';

/** /pages/order/order?tab=open|closed: open positions (live) and closed positions (with receipts). */
export default function PositionsPage() {
  const { t } = useTranslation('trade');
  const [params, setParams] = useSearchParams();
  const tab: OrderTab = params.get('tab') === 'closed' ? 'settled' : 'open';
  const [account] = useTradeAccount();
  const orders = useOrders(tab, account);
  const list = useMemo(() => flattenPages(orders.data), [orders.data]);
  // Names, and live prices for the products of open positions only.
  const liveSymbols = useMemo(() => (tab === 'open' ? [...new Set(list.map((o) => o.symbol))] : []), [tab, list]);
  const products = useProducts(liveSymbols);
  const bySymbol = useMemo(() => new Map((products.data ?? []).map((p) => [p.symbol, p])), [products.data]);
  useOrderEvents();

  const setTab = (next: OrderTab) => setParams(next === 'settled' ? { tab: 'closed' } : {}, { replace: true });

  return (
    <main className="page" data-testid="orders">
      <PageHeader title={t('positions.title')} back right={tab === 'open' ? <LiveDot /> : undefined} />
      {/* The same bar as the product list and detail pages: the switch and the chosen account's balance. */}
      <AccountBar />
      <div className={styles.toolbar}>
        <div className={styles.toolbarEnd}>
          {account === 'demo' ? <DemoResetButton /> : null}
          <Link
            to={ROUTES.statistics}
            className="icon-btn"
            aria-label={t('positions.statistics')}
            title={t('positions.statistics')}
            data-testid="to-statistics"
          >
            <Icon name="chart" size={22} />
          </Link>
        </div>
      </div>
      <div className={styles.tabs} role="tablist">
        {(['open', 'settled'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={tab === k ? `${styles.tab} ${styles.tabOn}` : styles.tab}
            onClick={() => setTab(k)}
            data-testid={`tab-${k === 'open' ? 'open' : 'closed'}`}
          >
            {t(`positions.${k}`)}
          </button>
        ))}
      </div>

      {orders.isPending ? (
        <SkeletonList rows={3} />
      ) : orders.isError ? (
        <ErrorState message={errorText(orders.error, t)} onRetry={() => void orders.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState
          icon="list"
          title={tab === 'open' ? t('positions.emptyOpen') : t('positions.emptyClosed')}
          action={
            <Link to={ROUTES.product} className="btn btn--secondary">
              <span className="btn__label">{t('positions.goTrade')}</span>
            </Link>
          }
        />
      ) : (
        <>
          <ul className={styles.orders} data-testid={tab === 'open' ? 'open-orders' : 'closed-orders'}>
            {list.map((o) => (
              <li key={o.id}>
                {o.status === 'open' ? (
                  <OpenOrderCard order={o} product={bySymbol.get(o.symbol)} priceCell={<PriceCell price={bySymbol.get(o.symbol)?.lastPrice} size="sm" />} />
                ) : (
                  <ClosedOrderCard order={o} product={bySymbol.get(o.symbol)} />
                )}
              </li>
            ))}
          </ul>
          {orders.hasNextPage ? (
            <div className={styles.loadMore}>
              <Button variant="secondary" loading={orders.isFetchingNextPage} onClick={() => void orders.fetchNextPage()}>
                {t('positions.more')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </main>
  );
}
