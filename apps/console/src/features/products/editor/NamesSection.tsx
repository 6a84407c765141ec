import { useTranslation } from 'react-i18next';
import { LOCALES } from '@candor/contracts';
import { LANGUAGE_NAMES } from '../../../lib/i18n';
import { FieldError, type SectionProps } from './FormControls';

/** The product's display name in each locale; only zh-TW (the default language) is required. */
export function NamesSection({ form, update, err }: SectionProps) {
  const { t } = useTranslation();
  return (
    <section className="card">
      <h2>{t('products.sections.names')}</h2>
      <p className="muted small">{t('products.namesHint')}</p>
      <div className="names-grid">
        {LOCALES.map((l) => (
          <label key={l} className="field">
            <span>
              {LANGUAGE_NAMES[l]} <code className="muted">{l}</code>
              {l === 'zh-TW' ? <span className="required"> *</span> : null}
            </span>
            <input
              name={`names.${l}`}
              lang={l}
              value={form.names[l]}
              maxLength={60}
              aria-invalid={Boolean(err(`names.${l}`))}
              onChange={(e) => update({ names: { ...form.names, [l]: e.target.value } })}
            />
            <FieldError text={err(`names.${l}`)} />
          </label>
        ))}
      </div>
    </section>
  );
}
