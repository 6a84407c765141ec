import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type BlockedCountries, type BlockedCountriesBody, type Locale } from '@candor/contracts';
import { formatDateTime } from '../../lib/format';
import { parseCodes, useSaveBlockedCountries } from './countriesApi';

type Messages = Record<Locale, string>;

function countryNames(codes: readonly string[], language: string): string {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  return codes.map((c) => `${c} ${names?.of(c) ?? ''}`.trim()).join(' · ');
}

/** The blocked countries (by phone and by nationality) and the message, edited as a whole and saved at once. */
export function BlockedCountriesCard({ data }: { data: BlockedCountries }) {
  const { t, i18n } = useTranslation('consoleOperators');
  const save = useSaveBlockedCountries();
  const [phone, setPhone] = useState(data.phone.join(' '));
  const [nationality, setNationality] = useState(data.nationality.join(' '));
  const [messages, setMessages] = useState<Messages>(() => Object.fromEntries(LOCALES.map((l) => [l, data.message[l] ?? ''])) as Messages);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const parsedPhone = parseCodes(phone);
  const parsedNationality = parseCodes(nationality);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const bad = [...parsedPhone.bad, ...parsedNationality.bad];
    if (bad.length) return setProblem(t('countries.badCodes', { codes: bad.join(', ') }));
    if (!messages['zh-TW'].trim()) return setProblem(t('countries.messageRequired'));
    setProblem(null);
    const message = Object.fromEntries(LOCALES.flatMap((l) => (messages[l].trim() ? [[l, messages[l].trim()]] : []))) as BlockedCountriesBody['message'];
    save.mutate(
      { phone: parsedPhone.codes, nationality: parsedNationality.codes, message },
      { onSuccess: () => setSaved(true), onError: (err) => setProblem(err instanceof Error ? err.message : String(err)) },
    );
  };

  return (
    <section className="card" aria-labelledby="countries-title" data-testid="blocked-countries">
      <h2 id="countries-title">{t('countries.title')}</h2>
      <p className="muted">{t('countries.note')}</p>
      <form onSubmit={submit} noValidate>
        <label className="field">
          <span>{t('countries.phone')}</span>
          <input value={phone} onChange={(e) => setPhone(e.target.value)} data-testid="countries-phone" placeholder="US KP" />
          <span className="muted small">{parsedPhone.codes.length ? countryNames(parsedPhone.codes, i18n.language) : t('countries.none')}</span>
        </label>
        <label className="field">
          <span>{t('countries.nationality')}</span>
          <input value={nationality} onChange={(e) => setNationality(e.target.value)} data-testid="countries-nationality" placeholder="KP" />
          <span className="muted small">{parsedNationality.codes.length ? countryNames(parsedNationality.codes, i18n.language) : t('countries.none')}</span>
        </label>
        <fieldset className="field">
          <legend>{t('countries.message')}</legend>
          <p className="muted small">{t('countries.messageHint')}</p>
          {LOCALES.map((l) => (
            <label key={l} className="field">
              <span>{l === 'zh-TW' ? `${l} *` : l}</span>
              <textarea
                rows={2}
                maxLength={500}
                value={messages[l]}
                onChange={(e) => setMessages((m) => ({ ...m, [l]: e.target.value }))}
                data-testid={`countries-message-${l}`}
              />
            </label>
          ))}
        </fieldset>
        {problem ? (
          <p className="field-error" role="alert" data-testid="countries-error">
            {problem}
          </p>
        ) : null}
        <div className="save-actions">
          <button type="submit" className="btn btn-primary" disabled={save.isPending} data-testid="countries-save">
            {t('countries.save')}
          </button>
          {saved ? (
            <p className="notice notice-info" role="status" data-testid="countries-saved">
              {t('countries.saved')}
            </p>
          ) : null}
        </div>
      </form>
      <p className="muted small">{data.updatedAt ? t('countries.lastChange', { time: formatDateTime(data.updatedAt) }) : t('countries.neverChanged')}</p>
    </section>
  );
}
