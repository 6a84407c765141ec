import '../../features/content/content.css';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/Shell';
import { ErrorState, Loading } from '../../components/States';
import { PermissionGate } from '../../components/PermissionGate';
import { PAGE_PERMISSION } from '../../lib/auth/access';
import { useAdminArticle } from '../../features/content/contentApi';
import { Flash, useFlash } from '../../features/content/Flash';
import { NewsEditor } from '../../features/content/NewsEditor';
import { NewsList } from '../../features/content/NewsList';
import { OfficesEditor } from '../../features/content/OfficesEditor';
import { OrderedList } from '../../features/content/OrderedList';
import { PagesEditor } from '../../features/content/PagesEditor';

const SECTIONS = ['news', 'banners', 'highlights', 'pages', 'offices'] as const;
type Section = (typeof SECTIONS)[number];
const isSection = (v: string | undefined): v is Section => (SECTIONS as readonly (string | undefined)[]).includes(v);

/** The operators' content: news, the home page's banners and highlights, the static pages and the offices. */
export function ContentPage() {
  const { t } = useTranslation('consoleContent');
  const { section: asked } = useParams();
  const section: Section = isSection(asked) ? asked : 'news';
  return (
    <>
      <PageHeader title={t('title')} />
      <PermissionGate permission={PAGE_PERMISSION.content}>
        <ContentTabs section={section} />
        <div className="content-section" data-testid={`content-${section}`}>
          {section === 'news' ? <NewsSection /> : null}
          {section === 'banners' || section === 'highlights' ? <OrderedList key={section} kind={section} /> : null}
          {section === 'pages' ? <PagesEditor /> : null}
          {section === 'offices' ? <OfficesEditor /> : null}
        </div>
      </PermissionGate>
    </>
  );
}

function ContentTabs({ section }: { section: Section }) {
  const { t } = useTranslation('consoleContent');
  return (
    <nav className="content-tabs" aria-label={t('tabsLabel')}>
      {SECTIONS.map((s) => (
        <Link
          key={s}
          to={`/content/${s}`}
          className={`content-tab${s === section ? ' active' : ''}`}
          aria-current={s === section ? 'page' : undefined}
          data-testid={`content-tab-${s}`}
        >
          {t(`tabs.${s}`)}
        </Link>
      ))}
    </nav>
  );
}

function NewsSection() {
  const deleted = Boolean((useLocation().state as { deleted?: boolean } | null)?.deleted);
  const [flash, showFlash] = useFlash(deleted ? { kind: 'ok', text: (tr) => tr('actions.deleted') } : null);
  return (
    <>
      <Flash flash={flash} onDismiss={() => showFlash(null)} />
      <NewsList />
    </>
  );
}

/** One article: a new one (`/content/news/new`) or an existing one, loaded first. */
export function NewsArticlePage() {
  const { t } = useTranslation('consoleContent');
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const article = useAdminArticle(isNew ? null : id);
  return (
    <>
      <PageHeader title={t('title')}>
        <Link className="btn" to="/content/news" data-testid="news-back">
          {t('actions.back')}
        </Link>
      </PageHeader>
      <PermissionGate permission={PAGE_PERMISSION.content}>
        <ContentTabs section="news" />
        {isNew ? (
          <NewsEditor key="new" article={null} />
        ) : article.isPending ? (
          <Loading />
        ) : article.isError ? (
          <ErrorState error={article.error} onRetry={() => void article.refetch()} />
        ) : (
          <NewsEditor key={article.data.id} article={article.data} />
        )}
      </PermissionGate>
    </>
  );
}
