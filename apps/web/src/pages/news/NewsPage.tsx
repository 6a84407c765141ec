import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Icon, ListFooter, PageHeader, SkeletonList } from '../../components';
import { useNewsList } from '../../features/content/hooks';
import { NewsCard } from '../../features/content/NewsCard';
import { PullToRefresh } from '../../features/content/PullToRefresh';
import { errorText } from '../../lib/errors';
import { flattenPages } from '../../lib/paging';
import styles from '../../features/content/content.module.css';

/** The news tab (`/pages/information/information`): newest first, more as the reader scrolls, pull to refresh. */
export default function NewsPage() {
  const { t } = useTranslation('content');
  const news = useNewsList();
  const items = flattenPages(news.data);
  const refresh = () => news.refetch();
  return (
    <main className="page" data-testid="information-page">
      <PageHeader
        title={t('news.title')}
        right={
          <button
            type="button"
            className="page-header__back"
            onClick={() => void refresh()}
            aria-label={t('news.refresh')}
            disabled={news.isFetching}
            data-testid="news-refresh"
          >
            <Icon name="refresh" size={22} />
          </button>
        }
      />
      <PullToRefresh onRefresh={refresh}>
        <div className="page__body">
          {news.isPending ? (
            <SkeletonList rows={4} />
          ) : news.isError && items.length === 0 ? (
            <ErrorState message={errorText(news.error, t)} onRetry={() => void refresh()} />
          ) : items.length === 0 ? (
            <EmptyState icon="news" title={t('news.emptyTitle')} description={t('news.emptyText')} />
          ) : (
            <>
              <ul className={styles.newsList} data-testid="news-list">
                {items.map((a) => (
                  <li key={a.id}>
                    <NewsCard article={a} />
                  </li>
                ))}
              </ul>
              {news.isFetchNextPageError ? (
                <ErrorState message={errorText(news.error, t)} onRetry={() => void news.fetchNextPage()} />
              ) : (
                <ListFooter hasNext={news.hasNextPage} loading={news.isFetchingNextPage} onMore={() => void news.fetchNextPage()} endText={t('news.end')} />
              )}
            </>
          )}
        </div>
      </PullToRefresh>
    </main>
  );
}
