import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Page } from '@candor/contracts';
import { EmptyState, ErrorState, SkeletonList } from '../../components';
import { api, ApiError } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { currentLanguage } from '../../lib/i18n';
import { formatRelativeTime } from '../../lib/format';
import { ROUTES } from '../../lib/paths';

export interface NewsArticle {
  id: string;
  title: string;
  summary: string;
  coverUrl?: string | null;
  publishedAt: string;
}

/** The news list; until the news slice lands the server has none, and the page says so. */
async function fetchNews(signal: AbortSignal): Promise<NewsArticle[]> {
  try {
    const res = await api.get<Page<NewsArticle> | NewsArticle[]>('/news', { signal });
    return Array.isArray(res) ? res : res.items;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return [];
    throw e;
  }
}

export default function NewsPage() {
  const { t, i18n } = useTranslation('content');
  const lng = currentLanguage();
  const news = useQuery({ queryKey: ['news', i18n.language], queryFn: ({ signal }) => fetchNews(signal) });
  return (
    <main className="page" data-testid="information-page">
      <header className="page-header page-header--default">
        <div className="page-header__side" />
        <h1 className="page-header__title">{t('news.title')}</h1>
        <div className="page-header__side" />
      </header>
      <div className="page__body">
        {news.isPending ? (
          <SkeletonList rows={4} />
        ) : news.isError ? (
          <ErrorState message={errorText(news.error, t)} onRetry={() => void news.refetch()} />
        ) : news.data.length === 0 ? (
          <EmptyState icon="news" title={t('news.emptyTitle')} description={t('news.emptyText')} />
        ) : (
          <ul className="news-list">
            {news.data.map((a) => (
              <li key={a.id}>
                <Link to={`${ROUTES.informationDetail}?id=${encodeURIComponent(a.id)}`} className="card news-item">
                  <p className="news-item__title">{a.title}</p>
                  <p className="news-item__summary">{a.summary}</p>
                  <p className="news-item__time">{formatRelativeTime(a.publishedAt, lng, t('common:time.justNow'))}</p>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}
