import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BrandMark, Icon } from '../../components';
import { ContentPageView } from '../../features/content/ContentPageView';
import { useAppInfo } from '../../features/content/hooks';
import { APP_NAME, APP_VERSION } from '../../lib/constants';
import { ROUTES } from '../../lib/paths';
import styles from '../../features/content/content.module.css';

/** The app's and the server's versions (the server's once it answered). */
function Versions() {
  const { t } = useTranslation('content');
  const info = useAppInfo();
  return (
    <div className="card about-brand">
      <div className="about-brand__logo" aria-hidden="true">
        <BrandMark size={56} tone="solid" />
      </div>
      <p className="about-brand__name">{APP_NAME}</p>
      <dl className={styles.versions}>
        <dt>{t('about.appVersion')}</dt>
        <dd data-testid="app-version">{APP_VERSION}</dd>
        <dt>{t('about.serverVersion')}</dt>
        <dd data-testid="server-version">{info.data?.version ?? (info.isError ? t('about.serverUnknown') : '…')}</dd>
      </dl>
    </div>
  );
}

/** `/pages/aboutUs/aboutUs`: who we are (the operators' page), the versions, and the ways to our offices and policies. */
export default function AboutPage() {
  const { t } = useTranslation('content');
  const links = [
    { to: ROUTES.chooseLocation, icon: 'pin', label: t('location.title'), testId: 'about-locations' },
    { to: ROUTES.privacy, icon: 'doc', label: t('privacy.title'), testId: 'about-privacy' },
    { to: ROUTES.privacyGy, icon: 'shield', label: t('rights.title'), testId: 'about-rights' },
    { to: ROUTES.transparency, icon: 'doc', label: t('about.transparency'), testId: 'about-transparency' },
  ] as const;
  return (
    <ContentPageView
      slug="about"
      fallbackTitle={t('about.title')}
      testId="about-page"
      before={<Versions />}
      after={
        <nav className="card menu" aria-label={t('about.title')}>
          {links.map((l) => (
            <Link key={l.to} to={l.to} className="menu__item" data-testid={l.testId}>
              <span className="menu__icon">
                <Icon name={l.icon} size={22} />
              </span>
              <span className="menu__label">{l.label}</span>
              <Icon name="chevron" size={18} className="menu__chevron" />
            </Link>
          ))}
        </nav>
      }
    />
  );
}
