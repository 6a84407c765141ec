import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { NewsArticle } from '@candor/contracts';
import { formatRelativeTime } from '../../lib/format';
import { articleRoute } from './links';
import { mediaSrc, mediaSrcSet } from './media';
import styles from './content.module.css';

/** The cover's shown width in a card (CSS .newsCover). */
const COVER_WIDTH = 96;

/** One article in a list: cover, title, summary and when it was published, opening its page. */
export function NewsCard({ article, heading = 'h2' }: { article: NewsArticle; heading?: 'h2' | 'h3' }) {
  const { t, i18n } = useTranslation('common');
  const Title = heading;
  return (
    <Link to={articleRoute(article.id)} className={styles.newsCard} data-testid="news-item" data-id={article.id}>
      {article.coverUrl ? (
        <img
          className={styles.newsCover}
          src={mediaSrc(article.coverUrl, COVER_WIDTH * 2)}
          srcSet={mediaSrcSet(article.coverUrl)}
          sizes={`${COVER_WIDTH}px`}
          alt=""
          width={COVER_WIDTH}
          height={72}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <span className={styles.newsText}>
        <Title className={styles.newsTitle} lang={article.locale}>
          {article.title}
        </Title>
        {article.summary ? (
          <span className={styles.newsSummary} lang={article.locale}>
            {article.summary}
          </span>
        ) : null}
        <time className={styles.newsTime} dateTime={article.publishedAt}>
          {formatRelativeTime(article.publishedAt, i18n.language, t('time.justNow'))}
        </time>
      </span>
    </Link>
  );
}
