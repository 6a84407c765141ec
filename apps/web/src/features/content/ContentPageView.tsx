import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageSlug } from '@candor/contracts';
import { ErrorState, PageHeader, SkeletonList } from '../../components';
import { errorText } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useContentPage } from './hooks';
import { SafeHtml } from './SafeHtml';

/**
 * A page the operators edit (privacy, rights, about) in the reader's language: its title in the header, its body
 * through SafeHtml. `before` and `after` are the page's own parts around the body (the about page's versions).
 */
export function ContentPageView({
  slug,
  fallbackTitle,
  testId,
  before,
  after,
}: {
  slug: PageSlug;
  fallbackTitle: string;
  testId: string;
  before?: ReactNode;
  after?: ReactNode;
}) {
  const { t, i18n } = useTranslation(['content', 'common']);
  const page = useContentPage(slug);
  return (
    <main className="page" data-testid={testId}>
      <PageHeader title={page.data?.title ?? fallbackTitle} back />
      <div className="page__body">
        {before}
        {page.isPending ? (
          <SkeletonList rows={5} />
        ) : page.isError ? (
          <ErrorState message={errorText(page.error, t)} onRetry={() => void page.refetch()} />
        ) : (
          <div className="card" lang={page.data.locale}>
            <p className="article__updated" data-testid="page-updated">
              {t('page.updated', { time: formatDateTime(new Date(page.data.updatedAt), i18n.language) })}
            </p>
            <SafeHtml html={page.data.body} testId="page-body" />
          </div>
        )}
        {after}
      </div>
    </main>
  );
}
