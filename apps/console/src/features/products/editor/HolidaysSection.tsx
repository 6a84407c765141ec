import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withHoliday } from '../productRows';
import { FieldError, ScheduledNote, type SectionProps } from './FormControls';

/** Closed dates in the product's time zone, added one at a time from a date picker. */
export function HolidaysSection({ form, update, err, schedule }: SectionProps) {
  const { t } = useTranslation();
  // The date being picked is not part of the product until it is added.
  const [draft, setDraft] = useState('');
  const add = () => {
    const holidays = withHoliday(form.holidays, draft);
    if (!holidays) return;
    update({ holidays });
    setDraft('');
  };
  return (
    <section className="card">
      <h2>{t('products.sections.holidays')}</h2>
      <ScheduledNote schedule={schedule} fields={['holidays']} />
      <p className="muted small">{t('products.holidaysHint', { timezone: form.timezone })}</p>
      <FieldError text={err('holidays')} />
      {form.holidays.length === 0 ? (
        <p className="muted">{t('products.noHolidays')}</p>
      ) : (
        <ul className="chips">
          {form.holidays.map((d, i) => (
            <li key={d} className={`chip${err(`holidays.${i}`) ? ' chip-bad' : ''}`}>
              <time dateTime={d}>{d}</time>
              <button
                type="button"
                className="chip-remove"
                aria-label={t('products.removeHoliday', { date: d })}
                onClick={() => update({ holidays: form.holidays.filter((x) => x !== d) })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="button-row">
        <label className="field field-narrow">
          <span className="sr-only">{t('products.holidayDate')}</span>
          <input
            type="date"
            value={draft}
            aria-label={t('products.holidayDate')}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
        </label>
        <button type="button" className="btn btn-small" disabled={!draft || form.holidays.includes(draft)} onClick={add}>
          {t('products.addHoliday')}
        </button>
      </div>
    </section>
  );
}
