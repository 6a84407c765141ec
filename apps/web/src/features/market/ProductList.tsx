import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Product } from '@candor/contracts';
import { ROUTES } from '../../lib/paths';
import { ChangeBadge, PriceCell } from './PriceCell';
import { formatChangePercent, formatVolume } from './format';
import styles from './market.module.css';

export function detailRoute(symbol: string): string {
  return `${ROUTES.detail}?symbol=${encodeURIComponent(symbol)}`;
}

/** Products as rows: name, latest price, 24h change and 24h volume; each row opens the product. */
export function ProductList({ products, testId = 'product-list' }: { products: readonly Product[]; testId?: string }) {
  const { t, i18n } = useTranslation('market');
  return (
    <div className={styles.list} data-testid={testId}>
      <div className={styles.listHead} aria-hidden="true">
        <span>{t('list.name')}</span>
        <span className={styles.right}>{t('list.lastPrice')}</span>
        <span className={styles.right}>{t('list.change24h')}</span>
      </div>
      <ul className={styles.rows}>
        {products.map((p) => (
          <li key={p.symbol}>
            <Link to={detailRoute(p.symbol)} className={styles.row} data-testid={`product-${p.symbol}`}>
              <span className={styles.nameCell}>
                <span className={styles.name}>{p.name}</span>
                <span className={styles.sub}>
                  {p.symbol}
                  {p.status !== 'open' ? <span className={styles.statusTag}>{t(`status.${p.status}`)}</span> : null}
                </span>
              </span>
              <span className={`${styles.right} ${styles.priceCol}`}>
                <PriceCell price={p.lastPrice} change={p.change24h} />
                <span className={styles.sub}>
                  {t('list.volume24h')} {formatVolume(p.volume24h, i18n.language)}
                </span>
              </span>
              <span className={styles.right}>
                <ChangeBadge solid change={p.change24h} text={formatChangePercent(p.change24h, i18n.language)} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
