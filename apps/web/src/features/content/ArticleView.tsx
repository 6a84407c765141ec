import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { NewsArticleDetail } from '@candor/contracts';
import { formatRelativeTime } from '../../lib/format';
import { articleRoute } from './links';
import { mediaSrc, mediaSrcSet } from './media';
import { SafeHtml } from './SafeHtml';
import { ShareButton } from './ShareButton';
import styles from './content.module.css';

/** One article: title, date, share, cover, the body through SafeHtml, and (on the news page) its neighbours. */
export function ArticleView({ article, neighbours = true }: { article: NewsArticleDetail; neighbours?: boolean }) {
  const { t, i18n } = useTranslation(['content', 'common']);
  return (
    <article className={`card ${styles.article}`} data-testid="article" data-id={article.id} lang={article.locale}>
      <h2 className={styles.articleTitle} data-testid="article-title">
        {article.title}
      </h2>
      <div className={styles.articleMeta}>
        <time dateTime={article.publishedAt}>{formatRelativeTime(article.publishedAt, i18n.language, t('common:time.justNow'))}</time>
        <ShareButton title={article.title} />
      </div>
      {article.coverUrl ? (
        <img
          className={styles.articleCover}
          src={mediaSrc(article.coverUrl, 720)}
          srcSet={mediaSrcSet(article.coverUrl)}
          sizes="(max-width: 480px) 100vw, 480px"
          alt=""
          decoding="async"
        />
      ) : null}
      <SafeHtml html={article.body} testId="article-body" />
      {neighbours && (article.previous || article.next) ? (
        <nav className={styles.neighbours} aria-label={t('article.more')}>
          {article.previous ? (
            <Link to={articleRoute(article.previous.id)} className={styles.neighbour} data-testid="article-previous">
              <span className={styles.neighbourLabel}>{t('article.previous')}</span>
              <span className={styles.neighbourTitle}>{article.previous.title}</span>
            </Link>
          ) : null}
          {article.next ? (
            <Link to={articleRoute(article.next.id)} className={styles.neighbour} data-testid="article-next">
              <span className={styles.neighbourLabel}>{t('article.next')}</span>
              <span className={styles.neighbourTitle}>{article.next.title}</span>
            </Link>
          ) : null}
        </nav>
      ) : null}
    </article>
  );
}
