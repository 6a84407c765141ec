import { useTranslation } from 'react-i18next';
import { formatCountdown, formatPrice } from '../../lib/format';
import { remainingMs, useServerNow } from '../../lib/serverClock';
import type { ChartOrder } from './chartOrders';
import styles from './market.module.css';

/**
 * Under the chart, what its order lines are (a canvas is not read aloud): each open order's direction, open
 * price (grouped like every price), expiry time and live countdown, in its direction's colour.
 */
export function ChartOrderLegend({ orders }: { orders: readonly ChartOrder[] }) {
  const { t, i18n } = useTranslation('market');
  const now = useServerNow(500, orders.length > 0);
  if (orders.length === 0) return null;
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
  return (
    <ul className={styles.chartOrders} aria-label={t('chart.orders')} data-testid="chart-orders">
      {orders.map((o) => {
        const left = remainingMs(o, now);
        return (
          <li
            key={o.id}
            className={o.direction === 'up' ? styles.chartOrderUp : styles.chartOrderDown}
            data-testid="chart-order"
            data-order-id={o.id}
            data-direction={o.direction}
          >
            <span className={styles.chartOrderDir}>
              {o.direction === 'up' ? '▲' : '▼'} {t(`trade:direction.${o.direction}`)}
            </span>
            <span>{t('chart.orderAt', { price: formatPrice(o.openPrice, i18n.language) })}</span>
            <span>{t('chart.orderExpiry', { time: time.format(new Date(o.expiresAt)) })}</span>
            <span className={styles.chartOrderLeft} data-testid="chart-order-left">
              {left > 0 ? formatCountdown(left) : t('trade:sheet.settling')}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
