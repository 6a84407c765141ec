import { useTranslation } from 'react-i18next';
import { ErrorState } from './States';

/** What LoadMore reads of an infinite query (TanStack Query's useInfiniteQuery result). */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage(): Promise<unknown>;
}

/** The foot of a paged list: the next page's error with a retry, a "load more" button, or the end of the list. */
export function LoadMore({ query, testId, moreLabel, endLabel }: { query: PagedQuery; testId: string; moreLabel: string; endLabel: string }) {
  const { t } = useTranslation('console');
  return (
    <>
      {query.isFetchNextPageError ? <ErrorState error={query.error} onRetry={() => void query.fetchNextPage()} /> : null}
      <div className="load-more">
        {query.hasNextPage ? (
          <button type="button" className="btn" data-testid={testId} disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? t('common.loading') : moreLabel}
          </button>
        ) : (
          <span className="muted small">{endLabel}</span>
        )}
      </div>
    </>
  );
}
