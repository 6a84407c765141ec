import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Order } from '@candor/contracts';
import { Button, Icon, Loading } from '../../components';
import { formatCountdown, formatMoney, formatPrice } from '../../lib/format';
import { haptic } from '../../lib/haptics';
import { ROUTES } from '../../lib/paths';
import { remainingMs, useServerNow } from '../../lib/serverClock';
import { AccountBalance } from './AccountBar';
import { standing } from './standing';
import { DirectionTag, OutcomeTag, StandingTag, VoidedTag } from './tags';
import styles from './trading.module.css';

export function receiptRoute(orderId: string): string {
  return `${ROUTES.receipt}?id=${encodeURIComponent(orderId)}`;
}

/** Countdown of an open order against the server clock: remaining ms and elapsed fraction. */
export function useCountdown(order: Pick<Order, 'expiresAt' | 'durationSeconds' | 'status'> | undefined) {
  const now = useServerNow(250, order?.status === 'open');
  if (!order) return { remaining: 0, progress: 0 };
  const remaining = remainingMs(order, now);
  const total = order.durationSeconds * 1000;
  return { remaining, progress: total > 0 ? Math.min(1, Math.max(0, 1 - remaining / total)) : 1 };
}

export interface OrderSheetProps {
  /** The order (GET /api/orders/:id, kept current by its socket events); undefined while it loads. */
  order: Order | undefined;
  productName?: string;
  /** The latest price of the order's product, and that price as the page shows a live price. */
  livePrice: string | null | undefined;
  priceCell: ReactNode;
  /** Opened by the purchase itself: the sheet says "purchase successful" (no toast that outlives the page). */
  placed?: boolean;
  onClose: () => void;
}

/**
 * The sheet shown after "purchase successful": a live countdown, the live price against the
 * open price, then the result (win / loss / tie, payout) as soon as the `order` event arrives.
 */
export function OrderSheet({ order, productName, livePrice, priceCell, placed = false, onClose }: OrderSheetProps) {
  const { t } = useTranslation('trade');
  const finished = order?.status === 'settled' || order?.status === 'voided';
  // The result is felt once, when it arrives while the sheet is open (not when opening a settled order).
  const seenOpen = useRef(false);
  useEffect(() => {
    if (order?.status === 'open') seenOpen.current = true;
    else if (order?.status === 'settled' && seenOpen.current) {
      seenOpen.current = false;
      haptic(order.outcome ?? 'tie');
    }
  }, [order?.status, order?.outcome]);

  return (
    <div className="sheet" onClick={onClose}>
      <div
        className={`sheet__panel ${styles.orderSheet}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="order-sheet-title"
        onClick={(e) => e.stopPropagation()}
        data-testid="order-sheet"
        data-status={order?.status}
      >
        <div className="sheet__header">
          <h2 className="sheet__title" id="order-sheet-title">
            {finished ? t('sheet.resultTitle') : t('sheet.openTitle')}
          </h2>
          <button type="button" className="icon-btn" onClick={onClose} aria-label={t('common:action.close')} data-testid="order-sheet-close">
            <Icon name="close" size={22} />
          </button>
        </div>
        {placed && !finished ? (
          <p className={styles.sheetPlaced} role="status" data-testid="order-placed">
            <Icon name="check" size={18} />
            {t('placed')}
          </p>
        ) : null}
        {!order ? <Loading /> : <SheetBody order={order} productName={productName} livePrice={livePrice} priceCell={priceCell} onClose={onClose} />}
      </div>
    </div>
  );
}

/** The loaded order: its product and direction, the countdown or the result, its figures and where to go next. */
function SheetBody({ order, productName, livePrice, priceCell, onClose }: Omit<OrderSheetProps, 'order'> & { order: Order }) {
  const { t, i18n } = useTranslation('trade');
  const finished = order.status === 'settled' || order.status === 'voided';
  return (
    <div className={styles.sheetBody}>
      <div className={styles.sheetLine}>
        <strong>{productName ?? order.symbol}</strong>
        <DirectionTag direction={order.direction} />
        <span className={styles.muted}>{t(`account.${order.account}`)}</span>
      </div>
      <AccountBalance account={order.account} testId="sheet-balance" />

      <SheetOutcome order={order} livePrice={livePrice} />

      <dl className={styles.facts}>
        <div>
          <dt>{t('order.amount')}</dt>
          <dd>{formatMoney(order.amount)}</dd>
        </div>
        <div>
          <dt>{t('order.openPrice')}</dt>
          <dd>{formatPrice(order.openPrice, i18n.language)}</dd>
        </div>
        {finished ? (
          <div>
            <dt>{t('order.closePrice')}</dt>
            <dd data-testid="order-close-price">{formatPrice(order.closePrice, i18n.language)}</dd>
          </div>
        ) : (
          <div>
            <dt>{t('sheet.currentPrice')}</dt>
            <dd>{priceCell}</dd>
          </div>
        )}
      </dl>

      <div className={styles.sheetActions}>
        {finished ? (
          <Link to={receiptRoute(order.id)} className="btn btn--secondary" data-testid="order-sheet-receipt">
            <span className="btn__label">{t('sheet.receipt')}</span>
          </Link>
        ) : (
          <Link to={ROUTES.order} className="btn btn--secondary">
            <span className="btn__label">{t('positions.link')}</span>
          </Link>
        )}
        <Button onClick={onClose}>{t('sheet.continue')}</Button>
      </div>
    </div>
  );
}

/** Voided (the stake refunded), settled (the result and payout), or still open (the countdown and how it stands). */
function SheetOutcome({ order, livePrice }: { order: Order; livePrice: string | null | undefined }) {
  const { t } = useTranslation('trade');
  const { remaining, progress } = useCountdown(order);
  if (order.status === 'voided') {
    return (
      <div className={`${styles.result} ${styles.result_tie}`} data-testid="order-result" data-status="voided">
        <VoidedTag large />
        <p className={styles.resultAmount}>{formatMoney(order.payout ?? order.amount)}</p>
        <p className={styles.muted}>{t('voided.sheet')}</p>
      </div>
    );
  }
  if (order.status === 'settled') {
    return (
      <div className={`${styles.result} ${styles[`result_${order.outcome ?? 'tie'}`]}`} data-testid="order-result" data-outcome={order.outcome}>
        <OutcomeTag outcome={order.outcome} large />
        <p className={styles.resultAmount}>{formatMoney(order.pnl ?? '0.00', { sign: true })}</p>
        <p className={styles.muted}>
          {t('sheet.payout')} {formatMoney(order.payout ?? '0.00')}
        </p>
      </div>
    );
  }
  const now = standing(order, livePrice);
  return (
    <div className={styles.countdown} data-testid="order-countdown">
      <div className={styles.countdownTime} aria-live="off">
        {remaining > 0 ? formatCountdown(remaining) : t('sheet.settling')}
      </div>
      <div
        className={styles.progress}
        role="progressbar"
        aria-label={t('sheet.timeLeft')}
        aria-valuemin={0}
        aria-valuemax={order.durationSeconds}
        aria-valuenow={Math.round(remaining / 1000)}
      >
        <span style={{ transform: `scaleX(${progress})` }} />
      </div>
      {now ? <StandingTag standing={now} /> : null}
    </div>
  );
}
