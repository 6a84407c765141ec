import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Page } from '@candor/contracts';
import { Button, EmptyState, ErrorState, SkeletonList } from '../../components';
import { errorText } from '../../lib/errors';
import { flattenPages } from '../../lib/paging';
import styles from './money.module.css';

interface Props<T extends { id: string }> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  render(item: T): ReactNode;
  testId: string;
  emptyAction?: ReactNode;
}

/** A newest-first list with its loading, empty and error states; the next page loads when its end scrolls into view. */
export function RequestList<T extends { id: string }>({ query, render, testId, emptyAction }: Props<T>) {
  const { t } = useTranslation('money');
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = query;

  useEffect(() => {
    const el = sentinel.current;
    // After a failure the retry is the user's, or every re-observation would ask again at once.
    if (!el || !hasNextPage || isError || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, isError]);

  if (query.isPending) return <SkeletonList rows={4} />;
  // A failed next page keeps the pages already shown; only a failed first load replaces the list.
  if (query.isError && !query.data) return <ErrorState message={errorText(query.error, t)} onRetry={() => void query.refetch()} />;
  const items = flattenPages(query.data);
  if (items.length === 0) return <EmptyState icon="records" title={t('list.empty')} action={emptyAction} />;
  return (
    <>
      <ul className={styles.list} data-testid={testId}>
        {items.map((item) => (
          <li key={item.id}>{render(item)}</li>
        ))}
      </ul>
      <div ref={sentinel} className={styles.sentinel}>
        {hasNextPage ? (
          <Button variant="secondary" size="sm" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {t('list.more')}
          </Button>
        ) : (
          <span className={styles.muted}>{t('list.end')}</span>
        )}
      </div>
      {query.isError ? <ErrorState message={errorText(query.error, t)} onRetry={() => void fetchNextPage()} /> : null}
    </>
  );
}
