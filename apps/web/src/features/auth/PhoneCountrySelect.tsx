import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultPhoneCountry, PHONE_COUNTRIES, phoneCallingCode, type PhoneCountry } from '@candor/domain';
import { Icon } from '../../components';
import styles from './auth.module.css';

/** Each picker country named in the UI language (Intl, so no string to translate) with its calling code. */
function countryOptions(language: string): { code: PhoneCountry; label: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  return PHONE_COUNTRIES.map((code) => ({ code, label: `${names?.of(code) ?? code} ${phoneCallingCode(code)}` }));
}

/** The picker's country, starting on the language's (zh-TW: Taiwan; en: the browser's region, else the US). */
export function usePhoneCountry() {
  const { i18n } = useTranslation();
  return useState<PhoneCountry>(() => defaultPhoneCountry(i18n.resolvedLanguage ?? i18n.language, typeof navigator === 'undefined' ? [] : navigator.languages));
}

/** The register form's country picker: the plan in which a phone number without + is read. */
export function PhoneCountrySelect({ value, onChange }: { value: PhoneCountry; onChange(code: PhoneCountry): void }) {
  const { t, i18n } = useTranslation('auth');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const options = useMemo(() => countryOptions(language), [language]);
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('field.phoneCountry')}
      </label>
      <div className="field__control">
        <select
          id={id}
          name="phoneCountry"
          autoComplete="tel-country-code"
          className={`field__input ${styles.select}`}
          value={value}
          onChange={(e) => onChange(e.target.value as PhoneCountry)}
          data-testid="register-phone-country"
        >
          {options.map((o) => (
            <option key={o.code} value={o.code}>
              {o.label}
            </option>
          ))}
        </select>
        <span className={styles.selectChevron} aria-hidden="true">
          <Icon name="chevron" size={18} />
        </span>
      </div>
    </div>
  );
}
