import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from './Icon';
import { ROUTES } from '../lib/paths';

const TABS: { to: string; key: 'home' | 'products' | 'consultation' | 'me'; icon: IconName }[] = [
  { to: ROUTES.index, key: 'home', icon: 'home' },
  { to: ROUTES.product, key: 'products', icon: 'chart' },
  { to: ROUTES.information, key: 'consultation', icon: 'news' },
  { to: ROUTES.user, key: 'me', icon: 'user' },
];

/** The bottom tab bar of the four main pages (selected colour #1150C2). */
export function TabBar() {
  const { t } = useTranslation('common');
  return (
    <nav className="tabbar" aria-label={t('tabs.label')} data-testid="tabbar">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          className={({ isActive }) => (isActive ? 'tabbar__item tabbar__item--active' : 'tabbar__item')}
          data-testid={`tab-${tab.key}`}
        >
          <Icon name={tab.icon} size={24} />
          <span className="tabbar__label">{t(`tabs.${tab.key}`)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
