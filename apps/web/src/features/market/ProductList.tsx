import { memo } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Product } from '@candor/contracts';
import { Icon } from '../../components';
import { ROUTES } from '../../lib/paths';
import { usePriceConditions } from './hooks';
import { ChangeBadge, PriceCell } from './PriceCell';
import { SimulatedBadge } from './SimulatedBadge';
import { formatChangePercent, formatVolume } from './format';
import { isSimulated, type PriceCondition } from '../../lib/priceState';
import styles from './market.module.css';

export function detailRoute(symbol: string): string {
  return `${ROUTES.detail}?symbol=${encodeURIComponent(symbol)}`;
}

/** The short label under a price that is not current (a list row has room for a few words). */
function shortLabelKey(condition: PriceCondition | undefined, haltReason: string | undefined): string | null {
  if (condition === 'stale') return 'price.waitingShort';
  if (condition !== 'halted') return null;
  return haltReason === 'quorum' || haltReason === 'disagreement' ? `haltShort.${haltReason}` : 'haltShort.other';
}

/**
 * Products as rows: name, latest price, 24h change and 24h volume; each row opens the product. A halted
 * product or one without a tick for a few seconds has its price greyed with the reason in place of the
 * volume (the row keeps its size); simulated prices carry their badge on a line of their own.
 */
export function ProductList({
  products,
  testId = 'product-list',
  starred,
  onStar,
}: {
  products: readonly Product[];
  testId?: string;
  /** The user's favourites; with `onStar`, each row has its star (a toggle) before it. */
  starred?: ReadonlySet<string>;
  onStar?: (symbol: string, on: boolean) => void;
}) {
  const { t } = useTranslation('market');
  const conditions = usePriceConditions(products);
  return (
    <div className={onStar ? `${styles.list} ${styles.withStars}` : styles.list} data-testid={testId}>
      <div className={styles.listHead} aria-hidden="true">
        <span>{t('list.name')}</span>
        <span className={styles.right}>{t('list.lastPrice')}</span>
        <span className={styles.right}>{t('list.change24h')}</span>
      </div>
      <ul className={styles.rows}>
        {products.map((p) => (
          <ProductRow key={p.symbol} product={p} condition={conditions.get(p.symbol)} starred={starred?.has(p.symbol) ?? false} onStar={onStar} />
        ))}
      </ul>
    </div>
  );
}

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L12 16.9l-5.2 2.8 1-5.9-4.3-4.1 5.9-.8z" />
    </svg>
  );
}

/**
 * One row. Memoized: a tick replaces its own product's object only (the others keep theirs), so a tick
 * re-renders one row, not the whole list.
 */
const ProductRow = memo(function ProductRow({
  product: p,
  condition,
  starred,
  onStar,
}: {
  product: Product;
  condition: PriceCondition | undefined;
  starred: boolean;
  onStar: ((symbol: string, on: boolean) => void) | undefined;
}) {
  const { t, i18n } = useTranslation('market');
  const muted = condition === 'halted' || condition === 'stale';
  const note = shortLabelKey(condition, p.haltReason);
  return (
    <li className={onStar ? styles.rowItem : undefined}>
      {onStar ? (
        <button
          type="button"
          className={starred ? `${styles.star} ${styles.starOn}` : styles.star}
          aria-pressed={starred}
          aria-label={t(starred ? 'watchlist.remove' : 'watchlist.add', { name: p.name })}
          onClick={() => onStar(p.symbol, !starred)}
          data-testid={`star-${p.symbol}`}
        >
          <StarIcon filled={starred} />
        </button>
      ) : null}
      <Link to={detailRoute(p.symbol)} className={styles.row} data-testid={`product-${p.symbol}`} data-condition={condition}>
        <span className={styles.nameCell}>
          <span className={styles.name}>{p.name}</span>
          <span className={styles.sub}>
            {p.symbol}
            {p.status !== 'open' ? <span className={styles.statusTag}>{t(`status.${p.status}`)}</span> : null}
            {p.scheduledChanges?.length ? (
              <span className={styles.rowChange} data-testid="row-change">
                <Icon name="clock" size={13} />
                <span className={styles.srOnly}>{t('changes.listBadge')}</span>
              </span>
            ) : null}
          </span>
        </span>
        <span className={`${styles.right} ${styles.priceCol}`}>
          <PriceCell price={p.lastPrice} change={p.change24h} muted={muted} />
          {note ? (
            <span className={`${styles.sub} ${styles.priceNote}`} data-testid="price-note">
              {t(note)}
            </span>
          ) : (
            <span className={styles.sub}>
              {t('list.volume24h')} {formatVolume(p.volume24h, i18n.language)}
            </span>
          )}
        </span>
        <span className={styles.right}>
          <ChangeBadge solid change={p.change24h} text={formatChangePercent(p.change24h, i18n.language)} />
        </span>
        {isSimulated(p) ? <SimulatedBadge className={styles.rowBadge} /> : null}
      </Link>
    </li>
  );
});
