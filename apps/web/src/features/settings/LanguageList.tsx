import { useTranslation } from 'react-i18next';
import type { Locale } from '@candor/contracts';
import { Icon } from '../../components';
import { currentLanguage, LANGUAGE_NAMES, LOCALES, setLanguage } from '../../lib/i18n';

/** The ten languages, each in its own name; the choice applies at once and is remembered. */
export function LanguageList({ onChosen }: { onChosen?: (lng: Locale) => void }) {
  const { i18n } = useTranslation();
  const active = currentLanguage();
  void i18n.language; // re-render on change
  return (
    <ul className="option-list" role="radiogroup">
      {LOCALES.map((lng) => (
        <li key={lng} role="none">
          <button
            type="button"
            role="radio"
            aria-checked={lng === active}
            lang={lng}
            className={lng === active ? 'option-list__item option-list__item--active' : 'option-list__item'}
            data-testid={`lang-${lng}`}
            onClick={() => {
              void setLanguage(lng).then(() => onChosen?.(lng));
            }}
          >
            <span>{LANGUAGE_NAMES[lng]}</span>
            {lng === active ? <Icon name="check" size={20} /> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The language list in a bottom sheet (welcome and login pages). */
export function LanguageSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('user');
  if (!open) return null;
  return (
    <div className="sheet" onClick={onClose}>
      <div className="sheet__panel" role="dialog" aria-modal="true" aria-label={t('settings.language')} onClick={(e) => e.stopPropagation()}>
        <div className="sheet__header">
          <h2 className="sheet__title">{t('settings.language')}</h2>
          <button type="button" className="icon-btn" onClick={onClose} aria-label={t('common:action.close')}>
            <Icon name="close" size={22} />
          </button>
        </div>
        <LanguageList onChosen={onClose} />
      </div>
    </div>
  );
}
