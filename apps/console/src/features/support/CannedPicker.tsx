import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@candor/contracts';
import { ErrorState } from '../../components/States';
import { useCanned, useCannedMutations } from './supportApi';

/** The canned replies of one language: pick one into the composer, or add and delete them. */
export function CannedPicker({ onPick }: { onPick: (text: string) => void }) {
  const { t, i18n } = useTranslation('consoleSupport');
  const initial = (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : 'zh-TW';
  const [locale, setLocale] = useState<Locale>(initial);
  const [managing, setManaging] = useState(false);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const canned = useCanned(locale);
  const { create, remove } = useCannedMutations();

  return (
    <div className="support-canned" data-testid="support-canned">
      <div className="support-canned-head">
        <strong>{t('canned')}</strong>
        <label className="sr-only" htmlFor="support-canned-locale">
          {t('language')}
        </label>
        <select id="support-canned-locale" value={locale} onChange={(e) => setLocale(e.target.value as Locale)} data-testid="support-canned-locale">
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
        <button type="button" className="link-button" onClick={() => setManaging((m) => !m)} data-testid="support-canned-manage">
          {t('cannedManage')}
        </button>
      </div>
      {canned.isError ? <ErrorState error={canned.error} onRetry={() => void canned.refetch()} /> : null}
      {canned.data && canned.data.length === 0 ? <p className="muted small">{t('cannedEmpty')}</p> : null}
      <div className="chips">
        {canned.data?.map((c) => (
          <span key={c.id} className="chip">
            <button type="button" className="link-button" title={c.text} onClick={() => onPick(c.text)} data-testid="support-canned-item">
              {c.title}
            </button>
            {managing ? (
              <button type="button" className="chip-remove" aria-label={t('delete')} disabled={remove.isPending} onClick={() => remove.mutate(c.id)}>
                ×
              </button>
            ) : null}
          </span>
        ))}
      </div>
      {managing ? (
        <form
          className="support-canned-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!title.trim() || !text.trim()) return;
            create.mutate(
              { locale, title: title.trim(), text: text.trim() },
              {
                onSuccess: () => {
                  setTitle('');
                  setText('');
                },
              },
            );
          }}
        >
          <input value={title} maxLength={80} placeholder={t('cannedTitle')} aria-label={t('cannedTitle')} onChange={(e) => setTitle(e.target.value)} />
          <textarea
            value={text}
            maxLength={2000}
            rows={2}
            placeholder={t('cannedText')}
            aria-label={t('cannedText')}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="btn btn-small" disabled={create.isPending}>
            {t('cannedAdd')}
          </button>
          {create.isError ? <ErrorState error={create.error} /> : null}
        </form>
      ) : null}
    </div>
  );
}
