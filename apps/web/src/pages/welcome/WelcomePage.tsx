import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BrandMark, Icon, type IconName } from '../../components';
import { LanguageSheet } from '../../features/settings/LanguageList';
import { LANGUAGE_NAMES, currentLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { ROUTES } from '../../lib/paths';
import { APP_NAME } from '../../lib/constants';

const POINTS: { key: 'prices' | 'ledger' | 'verify'; icon: IconName }[] = [
  { key: 'prices', icon: 'chart' },
  { key: 'ledger', icon: 'records' },
  { key: 'verify', icon: 'shield' },
];

export default function WelcomePage() {
  const { t } = useTranslation('content');
  const { status } = useSession();
  const [langOpen, setLangOpen] = useState(false);
  return (
    <main className="welcome">
      <div className="welcome__top">
        <button type="button" className="chip chip--on-dark" onClick={() => setLangOpen(true)} data-testid="welcome-language">
          <Icon name="globe" size={18} />
          <span>{LANGUAGE_NAMES[currentLanguage()]}</span>
        </button>
      </div>
      <div className="welcome__hero">
        <div className="welcome__logo" aria-hidden="true">
          <BrandMark size={64} tone="glass" />
        </div>
        <h1 className="welcome__name">{APP_NAME}</h1>
        <p className="welcome__tagline">{t('welcome.tagline')}</p>
      </div>
      <ul className="welcome__points">
        {POINTS.map((p) => (
          <li key={p.key} className="welcome__point">
            <span className="welcome__point-icon">
              <Icon name={p.icon} size={22} />
            </span>
            <span>
              <strong>{t(`welcome.points.${p.key}.title`)}</strong>
              <span className="welcome__point-text">{t(`welcome.points.${p.key}.text`)}</span>
            </span>
          </li>
        ))}
      </ul>
      <div className="welcome__actions">
        <Link to={ROUTES.index} className="btn btn--light btn--block" data-testid="welcome-enter">
          <span className="btn__label">{t('welcome.enter')}</span>
        </Link>
        {status !== 'authenticated' ? (
          <div className="welcome__auth">
            <Link to={ROUTES.login} className="btn btn--outline-light" data-testid="welcome-login">
              <span className="btn__label">{t('auth:login.submit')}</span>
            </Link>
            <Link to={ROUTES.registerCheck} className="btn btn--outline-light" data-testid="welcome-register">
              <span className="btn__label">{t('auth:register.title')}</span>
            </Link>
          </div>
        ) : null}
        <p className="welcome__risk">{t('welcome.risk')}</p>
      </div>
      <LanguageSheet open={langOpen} onClose={() => setLangOpen(false)} />
    </main>
  );
}
