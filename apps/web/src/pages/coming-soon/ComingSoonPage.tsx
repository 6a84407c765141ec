import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button, Icon, PageHeader } from '../../components';
import { COMING_SOON_TITLES, ROUTES, type RoutePath } from '../../lib/paths';

/** One shared page for the screens of later slices. */
export default function ComingSoonPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const titleKey = COMING_SOON_TITLES[useLocation().pathname as RoutePath];
  const title = titleKey ? t(titleKey) : t('comingSoon.title');
  return (
    <main className="page" data-testid="coming-soon">
      <PageHeader title={title} back />
      <div className="state">
        <span className="state__icon">
          <Icon name="tools" size={34} />
        </span>
        <p className="state__title">{t('comingSoon.title')}</p>
        <p className="state__text">{t('comingSoon.text')}</p>
        <div className="state__action">
          <Button variant="secondary" onClick={() => navigate(ROUTES.index)}>
            {t('comingSoon.home')}
          </Button>
        </div>
      </div>
    </main>
  );
}
