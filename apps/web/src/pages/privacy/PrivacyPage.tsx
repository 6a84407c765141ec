import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components';
import { Article } from '../../features/content/Article';
import { ROUTES } from '../../lib/paths';

export const PRIVACY_SECTIONS = ['collect', 'use', 'device', 'retention', 'sharing', 'security'] as const;

/** Privacy policy: what data is kept, why, for how long, and where. */
export default function PrivacyPage() {
  const { t } = useTranslation('content');
  return (
    <main className="page" data-testid="privacy-page">
      <PageHeader title={t('privacy.title')} back />
      <div className="page__body">
        <div className="card">
          <p className="article__updated">{t('privacy.updated')}</p>
          <Article base="privacy" sections={PRIVACY_SECTIONS}>
            <p className="article__text">
              <Link to={ROUTES.privacyGy} className="link">
                {t('privacy.rightsLink')}
              </Link>
            </p>
          </Article>
        </div>
      </div>
    </main>
  );
}
