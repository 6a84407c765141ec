import { useTranslation } from 'react-i18next';
import { isLocale, LOCALES } from '@candor/contracts';
import { LANGUAGE_NAMES, setLanguage } from '../lib/i18n';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <label className="lang-switcher">
      <span>{t('common.language')}</span>
      <select
        data-testid="language"
        value={i18n.language}
        onChange={(e) => {
          if (isLocale(e.target.value)) setLanguage(e.target.value);
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
