import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ContentHighlight, HomeContent } from '@candor/contracts';
import { ErrorState, Icon } from '../../components';
import { BannerCarousel } from '../../features/content/BannerCarousel';
import { NewsCard } from '../../features/content/NewsCard';
import { contentLinkTo } from '../../features/content/links';
import { mediaSrc } from '../../features/content/media';
import { errorText } from '../../lib/errors';
import { ROUTES } from '../../lib/paths';
import styles from '../../features/market/market.module.css';
import own from './home.module.css';

/** Home's banners: a box of the carousel's size while they load, so nothing below moves when they come. */
export function HomeBanners({ content }: { content: HomeContent | undefined }) {
  if (!content) return <div className={own.bannerPlaceholder} aria-hidden="true" />;
  return <BannerCarousel banners={content.banners} />;
}

function Highlight({ h }: { h: ContentHighlight }) {
  return (
    <li>
      <Link to={contentLinkTo(h.link)} className={`${styles.highlight} ${own.highlightLink}`} data-testid="highlight" data-id={h.id}>
        <span className={styles.highlightIcon}>
          {h.iconUrl ? <img src={mediaSrc(h.iconUrl, 72)} alt="" width={22} height={22} className={own.highlightImage} /> : <Icon name="sparkle" size={22} />}
        </span>
        <span>
          <strong className={styles.highlightTitle}>{h.title}</strong>
          {h.summary ? <span className={styles.highlightText}>{h.summary}</span> : null}
        </span>
      </Link>
    </li>
  );
}

/** The platform's highlights and the three newest articles, from `GET /api/home`. */
export function HomeSections({ content, error, onRetry }: { content: HomeContent | undefined; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['market', 'content']);
  if (error && !content)
    return (
      <section className={styles.section}>
        <ErrorState message={errorText(error, t)} onRetry={onRetry} />
      </section>
    );
  if (!content) return null;
  return (
    <>
      {content.highlights.length > 0 ? (
        <section className={styles.section} aria-labelledby="home-highlights">
          <h2 id="home-highlights" className={styles.sectionTitle}>
            {t('market:home.highlights')}
          </h2>
          <ul className={styles.highlights} data-testid="highlights">
            {content.highlights.map((h) => (
              <Highlight key={h.id} h={h} />
            ))}
          </ul>
        </section>
      ) : null}
      {content.news.length > 0 ? (
        <section className={styles.section} aria-labelledby="home-news">
          <div className={styles.sectionHead}>
            <h2 id="home-news" className={styles.sectionTitle}>
              {t('content:home.news')}
            </h2>
            <Link to={ROUTES.information} className={styles.more} data-testid="home-more-news">
              {t('content:home.moreNews')}
              <Icon name="chevron" size={16} />
            </Link>
          </div>
          <ul className={own.teaser} data-testid="home-news">
            {content.news.slice(0, 3).map((a) => (
              <li key={a.id}>
                <NewsCard article={a} heading="h3" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
