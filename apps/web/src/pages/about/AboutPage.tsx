import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BrandMark, Icon, PageHeader } from '../../components';
import { Article } from '../../features/content/Article';
import { APP_NAME, APP_VERSION } from '../../lib/constants';
import { ROUTES } from '../../lib/paths';

export const ABOUT_SECTIONS = ['prices', 'ledger', 'verify', 'selfService', 'clarity'] as const;

export default function AboutPage() {
  const { t } = useTranslation('content');
  return (
    <main className="page" data-testid="about-page">
      <PageHeader title={t('about.title')} back />
      <div className="page__body">
        <div className="card about-brand">
          <div className="about-brand__logo" aria-hidden="true">
            <BrandMark size={56} tone="solid" />
          </div>
          <p className="about-brand__name">{APP_NAME}</p>
          <p className="about-brand__version" data-testid="app-version">
            {t('about.version', { version: APP_VERSION })}
          </p>
        </div>
        <div className="card">
          <Article base="about" sections={ABOUT_SECTIONS} />
        </div>
        <nav className="card menu">
          <Link to={ROUTES.privacy} className="menu__item">
            <span className="menu__icon">
              <Icon name="doc" size={22} />
            </span>
            <span className="menu__label">{t('privacy.title')}</span>
            <Icon name="chevron" size={18} className="menu__chevron" />
          </Link>
          <Link to={ROUTES.privacyGy} className="menu__item">
            <span className="menu__icon">
              <Icon name="shield" size={22} />
            </span>
            <span className="menu__label">{t('rights.title')}</span>
            <Icon name="chevron" size={18} className="menu__chevron" />
          </Link>
        </nav>
      </div>
    </main>
  );
}
