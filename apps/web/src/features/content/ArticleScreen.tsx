import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, PageHeader, SkeletonList } from '../../components';
import { ArticleView } from './ArticleView';
import { useNewsArticle } from './hooks';
import { isApiError } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { ROUTES } from '../../lib/paths';

/**
 * An article by id: the news tab's detail (`/pages/information/detail?id=`, with the previous and next articles)
 * and home's (`/pages/index/detail?id=`, opened from a banner or highlight, back to home).
 */
export function ArticlePage({ home }: { home: boolean }) {
  const { t } = useTranslation('content');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const article = useNewsArticle(id);
  const missing = id === '' || (article.isError && isApiError(article.error) && article.error.status === 404);
  const back = home ? ROUTES.index : ROUTES.information;
  return (
    <main className="page" data-testid={home ? 'home-detail-page' : 'news-detail-page'}>
      <PageHeader title={t('article.title')} back />
      <div className="page__body">
        {missing ? (
          <EmptyState
            icon="news"
            title={t('article.notFoundTitle')}
            description={t('article.notFoundText')}
            action={
              <Link to={back} className="btn btn--secondary" data-testid="article-back">
                {home ? t('article.backHome') : t('article.backToNews')}
              </Link>
            }
          />
        ) : article.isPending ? (
          <SkeletonList rows={6} />
        ) : article.isError ? (
          <ErrorState message={errorText(article.error, t)} onRetry={() => void article.refetch()} />
        ) : (
          <ArticleView article={article.data} neighbours={!home} />
        )}
      </div>
    </main>
  );
}
