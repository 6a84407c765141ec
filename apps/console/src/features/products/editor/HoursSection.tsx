import { useTranslation } from 'react-i18next';
import { MAX_INTERVALS } from '../productForm';
import { nextInterval, overnight, patchRow } from '../productRows';
import { weekdayName } from '../productText';
import { FieldError, ScheduledNote, type SectionProps } from './FormControls';

const TIME_ZONES: string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC', 'Asia/Taipei', 'Asia/Shanghai', 'Asia/Tokyo', 'Europe/London', 'America/New_York'];
  }
})();

/** The weekday picker's order: Monday first (0 = Sunday). */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

/** The product's time zone and weekly open intervals; no intervals means open 24/7. */
export function HoursSection({ form, update, err, schedule }: SectionProps) {
  const { t } = useTranslation();
  return (
    <section className="card">
      <h2>{t('products.sections.hours')}</h2>
      <ScheduledNote schedule={schedule} fields={['timezone', 'hours']} />
      <label className="field field-wide">
        <span>{t('products.timezone')}</span>
        <input
          name="timezone"
          list="tz-list"
          value={form.timezone}
          aria-invalid={Boolean(err('timezone'))}
          onChange={(e) => update({ timezone: e.target.value })}
        />
        <datalist id="tz-list">
          {TIME_ZONES.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
        <FieldError text={err('timezone')} />
      </label>
      <p className="muted small">{t('products.hoursHint')}</p>
      <FieldError text={err('hours')} />
      {form.hours.length === 0 ? (
        <p className="notice notice-info" data-testid="hours-24-7">
          {t('products.allDayExplain')}
        </p>
      ) : (
        <div className="rows">
          {form.hours.map((h, i) => (
            <div className="row" key={h.key} data-testid="hours-row">
              <label className="field">
                <span>{t('products.weekday')}</span>
                <select
                  name={`hours.${i}.day`}
                  value={h.day}
                  aria-invalid={Boolean(err(`hours.${i}.day`))}
                  onChange={(e) => update({ hours: patchRow(form.hours, h.key, { day: e.target.value }) })}
                >
                  {WEEK.map((d) => (
                    <option key={d} value={String(d)}>
                      {weekdayName(d)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="field field-narrow">
                <span>{t('products.open')}</span>
                <input
                  name={`hours.${i}.open`}
                  inputMode="numeric"
                  placeholder="HH:MM"
                  maxLength={5}
                  pattern="[0-2][0-9]:[0-5][0-9]"
                  value={h.open}
                  aria-invalid={Boolean(err(`hours.${i}.open`))}
                  onChange={(e) => update({ hours: patchRow(form.hours, h.key, { open: e.target.value }) })}
                />
                <FieldError text={err(`hours.${i}.open`)} />
              </label>
              <label className="field field-narrow">
                <span>{t('products.close')}</span>
                <input
                  name={`hours.${i}.close`}
                  inputMode="numeric"
                  placeholder="HH:MM"
                  maxLength={5}
                  pattern="[0-2][0-9]:[0-5][0-9]"
                  value={h.close}
                  aria-invalid={Boolean(err(`hours.${i}.close`))}
                  onChange={(e) => update({ hours: patchRow(form.hours, h.key, { close: e.target.value }) })}
                />
                <FieldError text={err(`hours.${i}.close`)} />
              </label>
              <div className="row-summary muted small">{overnight(h.open, h.close) ? t('products.overnight') : ''}</div>
              <button
                type="button"
                className="btn btn-small btn-ghost"
                aria-label={t('products.removeInterval')}
                onClick={() => update({ hours: form.hours.filter((x) => x.key !== h.key) })}
              >
                {t('common.remove')}
              </button>
            </div>
          ))}
        </div>
      )}
      <div className="button-row">
        <button
          type="button"
          className="btn btn-small"
          disabled={form.hours.length >= MAX_INTERVALS}
          onClick={() => update({ hours: [...form.hours, nextInterval(form.hours)] })}
        >
          {t('products.addInterval')}
        </button>
        {form.hours.length ? (
          <button type="button" className="btn btn-small btn-ghost" onClick={() => update({ hours: [] })}>
            {t('products.makeAllDay')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
