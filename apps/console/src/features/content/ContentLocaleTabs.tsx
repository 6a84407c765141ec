import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@candor/contracts';
import { LANGUAGE_NAMES } from '../../lib/i18n';

/**
 * The language being edited. Each language without a translation is marked "missing" (its readers get the
 * zh-TW text), and zh-TW "required"; a line under the row names the missing ones.
 */
export function ContentLocaleTabs({ locale, onSwitch, missing }: { locale: Locale; onSwitch(l: Locale): void; missing(l: Locale): boolean }) {
  const { t } = useTranslation('consoleContent');
  const absent = LOCALES.filter(missing);
  return (
    <div className="content-locales">
      <div className="locale-tab-row" role="group" aria-label={t('lang.label')} data-testid="content-locales">
        {LOCALES.map((l) => (
          <button
            key={l}
            type="button"
            className={`locale-tab${l === locale ? ' active' : ''}${missing(l) ? ' is-missing' : ''}`}
            aria-pressed={l === locale}
            data-locale={l}
            data-missing={missing(l) ? 'true' : undefined}
            title={LANGUAGE_NAMES[l]}
            onClick={() => onSwitch(l)}
          >
            <span lang={l}>{l}</span>
            {l === DEFAULT_LOCALE ? <span className="required"> *</span> : null}
            {missing(l) ? <span className="locale-missing">{l === DEFAULT_LOCALE ? t('lang.required') : t('lang.missing')}</span> : null}
          </button>
        ))}
      </div>
      <p className="muted small" data-testid="content-missing-summary">
        {absent.length ? t('lang.missingSummary', { languages: absent.join(', ') }) : t('lang.allPresent')}
      </p>
    </div>
  );
}
