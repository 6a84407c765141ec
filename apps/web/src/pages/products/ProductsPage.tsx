import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, PageHeader, SkeletonList } from '../../components';
import { ProductList } from '../../features/market/ProductList';
import { LiveDot } from '../../features/market/LiveDot';
import { useLiveTickers, useProducts } from '../../features/market/hooks';
import { useWatchlist } from '../../features/market/watchlist';
import { AccountBar } from '../../features/trading/AccountBar';
import { useToast } from '../../components';
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
  const toast = useToast();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  // The favourites tab is in the address (?tab=favourites), so "back" returns to it; favourites need an account.
  const [params, setParams] = useSearchParams();
  const watch = useWatchlist();
  const favTab = watch.authed && params.get('tab') === 'favourites';
  const showTab = (fav: boolean) => setParams(fav ? { tab: 'favourites' } : {}, { replace: true });
  const { mutate: toggleStar } = watch.toggle;
  const onStar = useCallback(
    (symbol: string, on: boolean) => toggleStar({ symbol, on }, { onError: () => toast.error(t('watchlist.error')) }),
    [toggleStar, toast, t],
  );
  // The list itself without live prices; live prices only for the rows on screen (below).
  const all = useProducts([]);
  const shown = useMemo(() => {
    const q = normalise(deferred.trim());
    const list = favTab ? (all.data ?? []).filter((p) => watch.symbols.has(p.symbol)) : (all.data ?? []);
    return q ? list.filter((p) => normalise(p.name).includes(q) || normalise(p.symbol).includes(q)) : list;
  }, [all.data, deferred, favTab, watch.symbols]);
  useLiveTickers(shown.map((p) => p.symbol));

  return (
    <main className="page" data-testid="products">
      <PageHeader title={t('products.title')} right={<LiveDot />} />
      <AccountBar />
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
      {watch.authed ? (
        <div className={styles.favTabs} role="tablist" aria-label={t('products.title')}>
          {([false, true] as const).map((fav) => (
            <button
              key={String(fav)}
              type="button"
              role="tab"
              aria-selected={favTab === fav}
              className={favTab === fav ? `${styles.favTab} ${styles.favTabOn}` : styles.favTab}
              onClick={() => showTab(fav)}
              data-testid={fav ? 'tab-favourites' : 'tab-all'}
            >
              {fav ? t('watchlist.favourites') : t('watchlist.all')}
            </button>
          ))}
        </div>
      ) : null}
      {all.isPending || (favTab && watch.query.isPending) ? (
        <SkeletonList rows={8} />
      ) : all.isError ? (
        <ErrorState message={errorText(all.error, t)} onRetry={() => void all.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState title={deferred ? t('products.noMatch', { query: deferred }) : favTab ? t('watchlist.empty') : t('list.empty')} />
      ) : (
        <ProductList products={shown} starred={watch.authed ? watch.symbols : undefined} onStar={watch.authed ? onStar : undefined} />
      )}
    </main>
  );
}
