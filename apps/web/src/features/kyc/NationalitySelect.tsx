import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components';
import { nationalityOptions } from './identity';
import styles from './kyc.module.css';

/** The nationality picker: every ISO 3166-1 code, named in the UI language, the language's usual ones first. */
export function NationalitySelect({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange(code: string): void;
  error: string | null;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('verify');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { first, all } = useMemo(() => nationalityOptions(language), [language]);
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {t('field.nationality')}
      </label>
      <div className="field__control">
        <select
          id={id}
          name="nationality"
          className={`field__input ${styles.select}`}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid="kyc-nationality"
        >
          <option value="">{t('prompt.nationality')}</option>
          {first.length > 0 ? (
            <optgroup label={t('nationalityFirst')}>
              {first.map((o) => (
                <option key={`first-${o.code}`} value={o.code}>
                  {o.name}
                </option>
              ))}
            </optgroup>
          ) : null}
          <optgroup label={t('nationalityAll')}>
            {all.map((o) => (
              <option key={o.code} value={o.code}>
                {o.name}
              </option>
            ))}
          </optgroup>
        </select>
        <span className={styles.selectChevron} aria-hidden="true">
          <Icon name="chevron" size={18} />
        </span>
      </div>
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
