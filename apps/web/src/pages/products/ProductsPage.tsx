import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, PageHeader, SkeletonList } from '../../components';
import { ProductList } from '../../features/market/ProductList';
import { LiveDot } from '../../features/market/LiveDot';
import { useLiveTickers, useProducts } from '../../features/market/hooks';
import { errorText } from '../../lib/errors';
import styles from '../../features/market/market.module.css';

/** Case- and accent-insensitive match on the product's name or symbol. */
function normalise(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s/_-]+/g, '');
}

function SearchIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4.5 4.5" />
    </svg>
  );
}

export default function ProductsPage() {
  const { t } = useTranslation('market');
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  // The list itself without live prices; live prices only for the rows on screen (below).
  const all = useProducts([]);
  const shown = useMemo(() => {
    const q = normalise(deferred.trim());
    const list = all.data ?? [];
    return q ? list.filter((p) => normalise(p.name).includes(q) || normalise(p.symbol).includes(q)) : list;
  }, [all.data, deferred]);
  useLiveTickers(shown.map((p) => p.symbol));

  return (
    <main className="page" data-testid="products">
      <PageHeader title={t('products.title')} right={<LiveDot />} />
      <div className={styles.searchBar}>
        <label className={styles.search}>
          <SearchIcon />
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('products.searchPlaceholder')}
            aria-label={t('products.searchLabel')}
            maxLength={40}
            enterKeyHint="search"
            data-testid="product-search"
          />
        </label>
      </div>
      {all.isPending ? (
        <SkeletonList rows={8} />
      ) : all.isError ? (
        <ErrorState message={errorText(all.error, t)} onRetry={() => void all.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState title={deferred ? t('products.noMatch', { query: deferred }) : t('list.empty')} />
      ) : (
        <ProductList products={shown} />
      )}
    </main>
  );
}
