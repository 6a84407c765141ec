import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Office } from '@candor/contracts';
import { EmptyState, ErrorState, Icon, PageHeader, SkeletonList } from '../../components';
import { useOffices } from '../../features/content/hooks';
import { geoUri, osmEmbedUrl, webMapUrl } from '../../features/content/links';
import { mediaSrc, mediaSrcSet } from '../../features/content/media';
import { errorText } from '../../lib/errors';
import { ROUTES } from '../../lib/paths';
import styles from './location.module.css';

/**
 * The map of an office: the picture the operator uploaded (no tile server is asked), and OpenStreetMap's embed
 * only where the operator turned it on, since it loads a third party's page.
 */
function OfficeMap({ office }: { office: Office }) {
  const { t } = useTranslation('content');
  if (office.osmEmbed)
    return (
      <iframe
        className={styles.mapFrame}
        src={osmEmbedUrl(office)}
        title={t('location.mapFrameTitle', { name: office.name })}
        loading="lazy"
        referrerPolicy="no-referrer"
        sandbox="allow-scripts allow-same-origin allow-popups"
        data-testid="office-osm"
      />
    );
  if (!office.mapImageUrl) return null;
  return (
    <img
      className={styles.mapImage}
      src={mediaSrc(office.mapImageUrl, 720)}
      srcSet={mediaSrcSet(office.mapImageUrl)}
      sizes="(max-width: 480px) 100vw, 480px"
      alt={t('location.mapAlt', { name: office.name })}
      decoding="async"
      data-testid="office-map-image"
    />
  );
}

function OfficeView({ office }: { office: Office }) {
  const { t } = useTranslation('content');
  return (
    <article className={`card ${styles.office}`} data-testid="office-view" data-id={office.id}>
      <h2 className={styles.officeTitle}>{office.name}</h2>
      <dl className={styles.officeFacts}>
        <dt>{t('location.address')}</dt>
        <dd data-testid="office-address">{office.address}</dd>
        {office.hours ? (
          <>
            <dt>{t('location.hours')}</dt>
            <dd data-testid="office-hours">{office.hours}</dd>
          </>
        ) : null}
      </dl>
      <OfficeMap office={office} />
      <div className={styles.mapLinks}>
        <a href={geoUri(office)} className={styles.mapLink} data-testid="office-geo">
          <Icon name="pin" size={20} />
          {t('location.openInMaps')}
        </a>
        <a
          href={webMapUrl(office)}
          className={`${styles.mapLink} ${styles.mapLinkSecondary}`}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="office-web-map"
        >
          <Icon name="map" size={20} />
          {t('location.openWebMap')}
        </a>
      </div>
    </article>
  );
}

/** `/open-location?id=`: one office's address, hours and map, with links to open it in a map app or on the web. */
export default function OpenLocationPage() {
  const { t } = useTranslation('content');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const offices = useOffices();
  const office = offices.data?.find((o) => o.id === id) ?? (id === '' && offices.data?.length === 1 ? offices.data[0] : undefined);
  return (
    <main className="page" data-testid="open-location-page">
      <PageHeader title={t('location.officeTitle')} back />
      <div className="page__body">
        {offices.isPending ? (
          <SkeletonList rows={3} />
        ) : offices.isError ? (
          <ErrorState message={errorText(offices.error, t)} onRetry={() => void offices.refetch()} />
        ) : office ? (
          <OfficeView office={office} />
        ) : (
          <EmptyState
            icon="pin"
            title={t('location.notFoundTitle')}
            description={t('location.notFoundText')}
            action={
              <Link to={ROUTES.chooseLocation} className="btn btn--secondary" data-testid="office-back">
                {t('location.allOffices')}
              </Link>
            }
          />
        )}
      </div>
    </main>
  );
}
