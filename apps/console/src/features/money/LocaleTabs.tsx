import { useState, type ReactNode } from 'react';
import { LOCALES, type Locale } from '@candor/contracts';
import { LANGUAGE_NAMES } from '../../lib/i18n';

/**
 * One language's fields at a time (ten languages of long texts would make a very long form); a dot
 * marks the languages that have text, a star the required zh-TW.
 */
export function LocaleTabs({ filled, label, children }: { filled: (l: Locale) => boolean; label: string; children: (l: Locale) => ReactNode }) {
  const [locale, setLocale] = useState<Locale>('zh-TW');
  return (
    <div className="locale-tabs">
      <div className="locale-tab-row" role="group" aria-label={label}>
        {LOCALES.map((l) => (
          <button
            key={l}
            type="button"
            className={`locale-tab${l === locale ? ' active' : ''}`}
            aria-pressed={l === locale}
            data-locale={l}
            title={LANGUAGE_NAMES[l]}
            onClick={() => setLocale(l)}
          >
            {l}
            {l === 'zh-TW' ? <span className="required"> *</span> : null}
            {filled(l) ? <span className="locale-dot" aria-hidden="true" /> : null}
          </button>
        ))}
      </div>
      <div className="locale-panel" lang={locale}>
        <div className="muted small">{LANGUAGE_NAMES[locale]}</div>
        {children(locale)}
      </div>
    </div>
  );
}
