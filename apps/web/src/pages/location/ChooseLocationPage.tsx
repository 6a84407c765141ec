import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Icon, PageHeader, SkeletonList } from '../../components';
import { useOffices } from '../../features/content/hooks';
import { officeRoute } from '../../features/content/links';
import { errorText } from '../../lib/errors';
import styles from './location.module.css';

/** `/choose-location`: the company's offices; each opens its page with the address, hours and map. */
export default function ChooseLocationPage() {
  const { t } = useTranslation('content');
  const offices = useOffices();
  return (
    <main className="page" data-testid="choose-location-page">
      <PageHeader title={t('location.title')} back />
      <div className="page__body">
        {offices.isPending ? (
          <SkeletonList rows={3} />
        ) : offices.isError ? (
          <ErrorState message={errorText(offices.error, t)} onRetry={() => void offices.refetch()} />
        ) : offices.data.length === 0 ? (
          <EmptyState icon="pin" title={t('location.emptyTitle')} description={t('location.emptyText')} />
        ) : (
          <ul className={styles.offices} data-testid="office-list">
            {offices.data.map((o) => (
              <li key={o.id}>
                <Link to={officeRoute(o.id)} className={styles.officeCard} data-testid="office" data-id={o.id}>
                  <span className="menu__icon">
                    <Icon name="pin" size={22} />
                  </span>
                  <span className={styles.officeText}>
                    <span className={styles.officeName}>{o.name}</span>
                    <span className={styles.officeLine}>{o.address}</span>
                    {o.hours ? <span className={styles.officeLine}>{o.hours}</span> : null}
                  </span>
                  <Icon name="chevron" size={18} className="menu__chevron" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}
