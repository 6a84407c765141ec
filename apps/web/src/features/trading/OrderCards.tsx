import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ratePercent } from '@candor/domain';
import type { Order, Product } from '@candor/contracts';
import { formatCountdown, formatMoney, formatPrice, formatTimestamp, localizeDecimal, moneySign } from '../../lib/format';
import { receiptRoute, useCountdown } from './OrderSheet';
import { standing } from './standing';
import { DirectionTag, OutcomeTag, StandingTag, VoidedTag } from './tags';
import { useDurationLabel } from './labels';
import styles from './trading.module.css';

/**
 * An open position: countdown to expiry and whether it is winning at the latest price. `priceCell` is the
 * product's latest price as the page shows a live price.
 */
export function OpenOrderCard({ order, product, priceCell }: { order: Order; product: Product | undefined; priceCell: ReactNode }) {
  const { t, i18n } = useTranslation('trade');
  const { remaining } = useCountdown(order);
  const price = product?.lastPrice;
  const now = standing(order, price);
  const durationLabel = useDurationLabel();
  return (
    <article className={styles.orderCard} data-testid="open-order" data-order-id={order.id}>
      <div className={styles.orderHead}>
        <span className={styles.orderTitle}>
          {product?.name ?? order.symbol}
          <DirectionTag direction={order.direction} />
        </span>
        <span className={styles.countdownSmall} data-testid="open-order-countdown">
          {remaining > 0 ? formatCountdown(remaining) : t('sheet.settling')}
        </span>
      </div>
      <dl className={styles.orderGrid}>
        <div>
          <dt>{t('order.amount')}</dt>
          <dd>{formatMoney(order.amount)}</dd>
        </div>
        <div>
          <dt>{t('order.duration')}</dt>
          <dd>
            {durationLabel(order.durationSeconds)} · {t('expiry.rate', { rate: localizeDecimal(ratePercent(order.payoutRate), i18n.language) })}
          </dd>
        </div>
        <div>
          <dt>{t('order.openPrice')}</dt>
          <dd>{formatPrice(order.openPrice, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('sheet.currentPrice')}</dt>
          <dd>{priceCell}</dd>
        </div>
      </dl>
      <div className={styles.orderFoot}>
        <span className={styles.muted}>{formatTimestamp(order.openedAt, i18n.language)}</span>
        {now ? <StandingTag standing={now} /> : null}
      </div>
    </article>
  );
}

/** A closed position, linking to its receipt. */
export function ClosedOrderCard({ order, product }: { order: Order; product: Product | undefined }) {
  const { t, i18n } = useTranslation('trade');
  const sign = moneySign(order.pnl);
  return (
    <Link to={receiptRoute(order.id)} className={styles.orderCard} data-testid="closed-order" data-order-id={order.id}>
      <div className={styles.orderHead}>
        <span className={styles.orderTitle}>
          {product?.name ?? order.symbol}
          <DirectionTag direction={order.direction} />
        </span>
        {order.status === 'voided' ? <VoidedTag /> : <OutcomeTag outcome={order.outcome} />}
      </div>
      <dl className={styles.orderGrid}>
        <div>
          <dt>{t('order.amount')}</dt>
          <dd>{formatMoney(order.amount)}</dd>
        </div>
        <div>
          <dt>{t('order.pnl')}</dt>
          <dd className={sign > 0 ? styles.pnlUp : sign < 0 ? styles.pnlDown : undefined} data-testid="closed-order-pnl">
            {formatMoney(order.pnl ?? '0.00', { sign: true })}
          </dd>
        </div>
        <div>
          <dt>{t('order.openPrice')}</dt>
          <dd data-testid="closed-order-open-price">{formatPrice(order.openPrice, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('order.closePrice')}</dt>
          <dd data-testid="closed-order-close-price">{formatPrice(order.closePrice, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('order.openedAt')}</dt>
          <dd>{formatTimestamp(order.openedAt, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('order.closedAt')}</dt>
          <dd>{formatTimestamp(order.closedAt ?? order.voidedAt, i18n.language)}</dd>
        </div>
      </dl>
      <div className={styles.orderFoot}>
        <span className={styles.muted}>
          {t('order.orderNo')} {order.orderNo}
        </span>
        <span className={styles.link}>{t('receipt.open')}</span>
      </div>
    </Link>
  );
}
