import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Icon, type IconName, SkeletonList, useToast } from '../../components';
import { LanguageSheet } from '../../features/settings/LanguageList';
import { ProductList } from '../../features/market/ProductList';
import { useLiveTickers, useProducts } from '../../features/market/hooks';
import { LiveDot } from '../../features/market/LiveDot';
import { WithUnreadBadge } from '../../features/records/UnreadBadge';
import { WithSupportBadge } from '../../features/support/SupportBadge';
import { errorText } from '../../lib/errors';
import { LANGUAGE_NAMES, currentLanguage } from '../../lib/i18n';
import { ROUTES } from '../../lib/paths';
import { APP_NAME } from '../../lib/constants';
import { useHomeContent } from '../../features/content/hooks';
import styles from '../../features/market/market.module.css';
import { HomeBanners, HomeSections } from './HomeContent';

/**
 * The specification's shortcuts. `to: null` has no page yet: it says so instead of pretending. The language
 * shortcut is the header's button (and the footer's), the privacy policy is here and in the footer.
 */
const QUICK_LINKS: { key: string; label: string; icon: IconName; to: string | null }[] = [
  { key: 'deposit', label: 'market:home.quick.deposit', icon: 'wallet', to: ROUTES.deposit },
  { key: 'trade', label: 'market:home.quick.trade', icon: 'chart', to: ROUTES.product },
  { key: 'positions', label: 'market:home.quick.positions', icon: 'list', to: ROUTES.order },
  { key: 'withdrawalMethod', label: 'market:home.quick.withdrawalMethod', icon: 'card', to: ROUTES.account },
  { key: 'about', label: 'market:home.quick.about', icon: 'info', to: ROUTES.aboutUs },
  { key: 'messages', label: 'market:home.quick.messages', icon: 'bell', to: ROUTES.message },
  { key: 'service', label: 'market:home.quick.service', icon: 'chat', to: ROUTES.support },
  { key: 'privacy', label: 'content:home.quickPrivacy', icon: 'doc', to: ROUTES.privacy },
];

/** How many products the home page recommends when the catalogue flags none. */
const RECOMMENDED_FALLBACK = 5;

export default function HomePage() {
  const { t } = useTranslation(['market', 'content']);
  const toast = useToast();
  const [langOpen, setLangOpen] = useState(false);
  const home = useHomeContent();

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
                ) : q.key === 'service' ? (
                  <WithSupportBadge>
                    <Icon name={q.icon} size={24} />
                  </WithSupportBadge>
                ) : (
                  <Icon name={q.icon} size={24} />
                )}
              </span>
              <span className={styles.quickLabel}>{t(q.label)}</span>
            </Link>
          ) : (
            <button key={q.key} type="button" className={styles.quick} onClick={() => toast.info(t('home.comingSoon'))} data-testid={`quick-${q.key}`}>
              <span className={styles.quickIcon}>
                <Icon name={q.icon} size={24} />
              </span>
              <span className={styles.quickLabel}>{t(q.label)}</span>
            </button>
          ),
        )}
      </nav>

      <HomeBanners content={home.data} />

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

      <HomeSections content={home.data} error={home.error} onRetry={() => void home.refetch()} />

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
