import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, SelectField } from '../../components';
import { nationalityOptions } from '../../lib/countries';
import { TW_CITIES, composeAddress, parseAddress, usesTaiwanAddress, type AddressParts } from './address';
import { BANKS, bankValue, knownBank } from './banks';
import styles from './picker.module.css';

/** The value of the bank picker's "other" choice: the bank is then typed in full. */
const OTHER = '__other__';

/**
 * The bank: a list of the country's banks with their codes where the app knows them (TW, CN, JP), with
 * "other" to type one; a free field for other countries. `onChange` gets the value to save.
 */
export function BankPicker({ country, value, onChange, error }: { country: string; value: string; onChange(v: string): void; error?: string | null }) {
  const { t } = useTranslation('money');
  const banks = BANKS[country];
  // "Other" stays chosen while its name is typed (an empty or unlisted value alone would not say so).
  const [other, setOther] = useState(() => value.trim() !== '' && knownBank(country, value) === null);
  if (!banks) {
    return (
      <Field
        label={t('field.bank')}
        name="bank"
        autoComplete="off"
        placeholder={t('accountForm.bankName')}
        maxLength={64}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
      />
    );
  }
  const known = knownBank(country, value);
  const picked = known ? bankValue(known) : other ? OTHER : '';
  return (
    <>
      <SelectField
        label={t('field.bank')}
        name="bankPick"
        value={picked}
        onChange={(v) => {
          setOther(v === OTHER);
          onChange(v === OTHER ? '' : v);
        }}
        error={other ? null : error}
        testId="account-bank-pick"
      >
        <option value="">{t('prompt.bank')}</option>
        {banks.map((b) => (
          <option key={b.code} value={bankValue(b)}>
            {b.code} {b.name}
          </option>
        ))}
        <option value={OTHER}>{t('accountForm.bankOther')}</option>
      </SelectField>
      {other ? (
        <Field
          label={t('accountForm.bankName')}
          name="bank"
          autoComplete="off"
          placeholder={t('accountForm.bankName')}
          maxLength={64}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          error={error}
        />
      ) : null}
    </>
  );
}

/**
 * The address in the parts the country uses (Taiwan: 縣市 from a list, 鄉鎮市區, the rest; elsewhere
 * state or province, city, street), saved as one `region` value; `onChange` gets that value.
 */
export function AddressFields({ country, value, onChange, error }: { country: string; value: string; onChange(v: string): void; error?: string | null }) {
  const { t, i18n } = useTranslation('money');
  const [parts, setParts] = useState<AddressParts>(() => parseAddress(country, value));
  const taiwan = usesTaiwanAddress(country);
  const chinese = (i18n.resolvedLanguage ?? i18n.language).startsWith('zh');
  const set = (part: keyof AddressParts, v: string) => {
    const next = { ...parts, [part]: v };
    setParts(next);
    onChange(composeAddress(country, next));
  };
  const text = (part: keyof AddressParts, label: string, autoComplete: string) => (
    <Field
      label={label}
      name={`address-${part}`}
      autoComplete={autoComplete}
      placeholder={label}
      maxLength={64}
      value={parts[part]}
      onChange={(e) => set(part, e.target.value)}
      data-testid={`address-${part}`}
    />
  );
  return (
    <fieldset className={styles.address} data-testid="account-address" data-country={taiwan ? 'TW' : 'other'}>
      <legend className={`field__label ${styles.legend}`}>{t('field.region')}</legend>
      {taiwan ? (
        <>
          <SelectField label={t('accountForm.twCity')} name="address-area" value={parts.area} onChange={(v) => set('area', v)} testId="address-area">
            <option value="">{t('accountForm.twCityPick')}</option>
            {TW_CITIES.map((c) => (
              <option key={c.name} value={c.name}>
                {chinese ? c.name : `${c.en} ${c.name}`}
              </option>
            ))}
          </SelectField>
          {text('town', t('accountForm.twDistrict'), 'address-level2')}
          {text('street', t('accountForm.twStreet'), 'street-address')}
        </>
      ) : (
        <>
          {text('area', t('accountForm.state'), 'address-level1')}
          {text('town', t('accountForm.city'), 'address-level2')}
          {text('street', t('accountForm.street'), 'street-address')}
        </>
      )}
      {error ? (
        <p className="field__error" role="alert" data-testid="address-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The account's country: every ISO 3166-1 code named in the UI language, the language's usual ones first. */
export function CountryPicker({ value, onChange, error }: { value: string; onChange(code: string): void; error?: string | null }) {
  const { t, i18n } = useTranslation('money');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { first, all } = useMemo(() => nationalityOptions(language), [language]);
  return (
    <SelectField label={t('field.nationality')} name="nationality" value={value} onChange={onChange} error={error} testId="account-nationality">
      <option value="">{t('prompt.nationality')}</option>
      {first.length > 0 ? (
        <optgroup label={t('accountForm.countriesFirst')}>
          {first.map((o) => (
            <option key={`first-${o.code}`} value={o.code}>
              {o.name}
            </option>
          ))}
        </optgroup>
      ) : null}
      <optgroup label={t('accountForm.countriesAll')}>
        {all.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name}
          </option>
        ))}
      </optgroup>
    </SelectField>
  );
}
