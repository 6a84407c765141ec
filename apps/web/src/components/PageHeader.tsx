import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';
import { ROUTES } from '../lib/paths';

export interface PageHeaderProps {
  title: string;
  /** Show a back button. `true` goes back in history (or home when there is none); a string goes to that path. */
  back?: boolean | string;
  right?: ReactNode;
  variant?: 'default' | 'primary';
}

export function PageHeader({ title, back = false, right, variant = 'default' }: PageHeaderProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation('common');
  const goBack = () => {
    if (typeof back === 'string') void navigate(back);
    else if (location.key !== 'default' && window.history.length > 1) void navigate(-1);
    else void navigate(ROUTES.index, { replace: true });
  };
  return (
    <header className={`page-header page-header--${variant}`}>
      <div className="page-header__side">
        {back ? (
          <button type="button" className="page-header__back" onClick={goBack} aria-label={t('action.back')} data-testid="back">
            <Icon name="back" size={24} />
          </button>
        ) : null}
      </div>
      <h1 className="page-header__title">{title}</h1>
      <div className="page-header__side page-header__side--right">{right}</div>
    </header>
  );
}
