import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components';
import { ContentPageView } from '../../features/content/ContentPageView';
import { ROUTES } from '../../lib/paths';

/** `/pages/yinsi/yinsi`: the privacy policy the operators keep, in the reader's language. */
export default function PrivacyPage() {
  const { t } = useTranslation('content');
  return (
    <ContentPageView
      slug="privacy"
      fallbackTitle={t('privacy.title')}
      testId="privacy-page"
      after={
        <nav className="card menu" aria-label={t('privacy.title')}>
          <Link to={ROUTES.privacyGy} className="menu__item" data-testid="privacy-rights">
            <span className="menu__icon">
              <Icon name="shield" size={22} />
            </span>
            <span className="menu__label">{t('privacy.rightsLink')}</span>
            <Icon name="chevron" size={18} className="menu__chevron" />
          </Link>
        </nav>
      }
    />
  );
}
