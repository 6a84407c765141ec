import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Icon, type IconName, SkeletonList, useToast } from '../../components';
import { LanguageSheet } from '../../features/settings/LanguageList';
import { ProductList } from '../../features/market/ProductList';
import { useLiveTickers, useProducts } from '../../features/market/hooks';
import { LiveDot } from '../../features/market/LiveDot';
import { WithUnreadBadge } from '../../features/records/UnreadBadge';
import { errorText } from '../../lib/errors';
import { LANGUAGE_NAMES, currentLanguage } from '../../lib/i18n';
import { ROUTES } from '../../lib/paths';
import { APP_NAME } from '../../lib/constants';
import styles from '../../features/market/market.module.css';

/** Quick links of the home page. `to: null` has no page yet: it says so instead of pretending. */
const QUICK_LINKS: { key: string; icon: IconName; to: string | null }[] = [
  { key: 'deposit', icon: 'wallet', to: ROUTES.deposit },
  { key: 'trade', icon: 'chart', to: ROUTES.product },
  { key: 'positions', icon: 'list', to: ROUTES.order },
  { key: 'withdrawalMethod', icon: 'card', to: ROUTES.account },
  { key: 'about', icon: 'info', to: ROUTES.aboutUs },
  { key: 'messages', icon: 'bell', to: ROUTES.message },
  { key: 'service', icon: 'user', to: null },
];

const HIGHLIGHTS: { key: 'feed' | 'verify' | 'ledger' | 'demo'; icon: IconName }[] = [
  { key: 'feed', icon: 'chart' },
  { key: 'verify', icon: 'shield' },
  { key: 'ledger', icon: 'records' },
  { key: 'demo', icon: 'sparkle' },
];

/** How many products the home page recommends when the catalogue flags none. */
const RECOMMENDED_FALLBACK = 5;

export default function HomePage() {
  const { t } = useTranslation('market');
  const toast = useToast();
  const [langOpen, setLangOpen] = useState(false);

  return (
    <main className="page" data-testid="home">
      <header className={styles.homeHeader}>
        <div className={styles.brand}>
          <span className={styles.brandMark} aria-hidden="true">
            <svg viewBox="0 0 48 48" width="28" height="28">
              <path d="M12 31l8-10 6 6 10-13" stroke="currentColor" strokeWidth="4" fill="none" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
          <h1 className={styles.brandName}>{APP_NAME}</h1>
        </div>
        <button type="button" className={styles.langButton} onClick={() => setLangOpen(true)} data-testid="home-language">
          <Icon name="globe" size={18} />
          <span>{LANGUAGE_NAMES[currentLanguage()]}</span>
        </button>
      </header>

      <nav className={styles.quickGrid} aria-label={t('home.quickLinks')}>
        {QUICK_LINKS.map((q) =>
          q.to ? (
            <Link key={q.key} to={q.to} className={styles.quick} data-testid={`quick-${q.key}`}>
              <span className={styles.quickIcon}>
                {q.key === 'messages' ? (
                  <WithUnreadBadge>
                    <Icon name={q.icon} size={24} />
                  </WithUnreadBadge>
                ) : (
                  <Icon name={q.icon} size={24} />
                )}
              </span>
              <span className={styles.quickLabel}>{t(`home.quick.${q.key}`)}</span>
            </Link>
          ) : (
            <button key={q.key} type="button" className={styles.quick} onClick={() => toast.info(t('home.comingSoon'))} data-testid={`quick-${q.key}`}>
              <span className={styles.quickIcon}>
                <Icon name={q.icon} size={24} />
              </span>
              <span className={styles.quickLabel}>{t(`home.quick.${q.key}`)}</span>
            </button>
          ),
        )}
      </nav>

      <section className={styles.section} aria-labelledby="home-recommended">
        <div className={styles.sectionHead}>
          <h2 id="home-recommended" className={styles.sectionTitle}>
            {t('home.recommended')} <LiveDot />
          </h2>
          <Link to={ROUTES.product} className={styles.more}>
            {t('home.allProducts')}
            <Icon name="chevron" size={16} />
          </Link>
        </div>
        <RecommendedList />
      </section>

      <section className={styles.section} aria-labelledby="home-highlights">
        <h2 id="home-highlights" className={styles.sectionTitle}>
          {t('home.highlights')}
        </h2>
        <ul className={styles.highlights}>
          {HIGHLIGHTS.map((h) => (
            <li key={h.key} className={styles.highlight}>
              <span className={styles.highlightIcon}>
                <Icon name={h.icon} size={22} />
              </span>
              <span>
                <strong className={styles.highlightTitle}>{t(`home.highlight.${h.key}.title`)}</strong>
                <span className={styles.highlightText}>{t(`home.highlight.${h.key}.text`)}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <footer className={styles.homeFooter}>
        <Link to={ROUTES.privacy} data-testid="home-privacy">
          {t('home.privacy')}
        </Link>
        <span aria-hidden="true">·</span>
        <Link to={ROUTES.aboutUs}>{t('home.quick.about')}</Link>
        <span aria-hidden="true">·</span>
        <button type="button" className={styles.linkButton} onClick={() => setLangOpen(true)}>
          {t('home.language')}
        </button>
        <p className={styles.risk}>{t('home.risk')}</p>
      </footer>
      <LanguageSheet open={langOpen} onClose={() => setLangOpen(false)} />
    </main>
  );
}

/**
 * The recommended products with their live prices: the part of the page that changes with each tick, in a
 * component of its own so that a tick re-renders the list alone, not the links, highlights and sheet around it.
 */
function RecommendedList() {
  const { t } = useTranslation('market');
  // The list without live prices; live prices only for the recommended rows on screen.
  const products = useProducts([]);
  const recommended = useMemo(() => {
    const all = products.data ?? [];
    const flagged = all.filter((p) => p.recommended);
    return flagged.length > 0 ? flagged : all.slice(0, RECOMMENDED_FALLBACK);
  }, [products.data]);
  useLiveTickers(recommended.map((p) => p.symbol));

  if (products.isPending) return <SkeletonList rows={4} />;
  if (products.isError) return <ErrorState message={errorText(products.error, t)} onRetry={() => void products.refetch()} />;
  if (recommended.length === 0) return <EmptyState title={t('list.empty')} />;
  return <ProductList products={recommended} testId="recommended-list" />;
}
