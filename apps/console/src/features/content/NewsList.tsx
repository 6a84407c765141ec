import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, type AdminNews } from '@candor/contracts';
import { Empty, ErrorState, Loading } from '../../components/States';
import { formatDateTime } from '../../lib/format';
import { useAdminNews } from './contentApi';

const STATUS_PILL: Record<AdminNews['status'], string> = { draft: 'pill-muted', scheduled: 'pill-info', published: 'pill-ok' };

/** Every article, newest first, with its status, publish time and the languages it lacks. */
export function NewsList() {
  const { t } = useTranslation('consoleContent');
  const news = useAdminNews();
  return (
    <>
      <div className="button-row">
        <Link className="btn btn-primary" to="/content/news/new" data-testid="news-add">
          {t('news.add')}
        </Link>
      </div>
      {news.isPending ? (
        <Loading />
      ) : news.isError ? (
        <ErrorState error={news.error} onRetry={() => void news.refetch()} />
      ) : news.data.length === 0 ? (
        <Empty>{t('news.empty')}</Empty>
      ) : (
        <div className="table-wrap card flush">
          <table className="content-table" data-testid="news-list" aria-label={t('news.listLabel')}>
            <thead>
              <tr>
                <th scope="col">{t('news.columns.title')}</th>
                <th scope="col">{t('news.columns.status')}</th>
                <th scope="col">{t('news.columns.publishAt')}</th>
                <th scope="col">{t('news.columns.languages')}</th>
                <th scope="col">{t('news.columns.updated')}</th>
              </tr>
            </thead>
            <tbody>
              {news.data.map((a) => (
                <tr key={a.id} data-testid="news-row" data-id={a.id}>
                  <td>
                    <Link to={`/content/news/${a.id}`}>{a.translations[DEFAULT_LOCALE]?.title ?? a.id}</Link>
                  </td>
                  <td>
                    <span className={`pill ${STATUS_PILL[a.status]}`}>{t(`news.status.${a.status}`)}</span>
                  </td>
                  <td className="nowrap">{formatDateTime(a.publishAt)}</td>
                  <td className="small">{a.missing.length ? `${t('lang.missing')}: ${a.missing.join(', ')}` : '✓'}</td>
                  <td className="nowrap">{formatDateTime(a.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
