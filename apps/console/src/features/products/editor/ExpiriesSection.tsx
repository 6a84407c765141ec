import { useTranslation } from 'react-i18next';
import { breakEven, formatRate } from '../../../lib/format';
import { MAX_EXPIRIES } from '../productForm';
import { nextExpiry, patchRow } from '../productRows';
import { durationLabel } from '../productText';
import { FieldError, type SectionProps } from './FormControls';

/** The offered durations, each with its payout rate and the win rate it needs to break even. */
export function ExpiriesSection({ form, update, err }: SectionProps) {
  const { t } = useTranslation();
  return (
    <section className="card">
      <h2>{t('products.sections.expiries')}</h2>
      <p className="muted small">{t('products.expiriesHint')}</p>
      <FieldError text={err('expiries')} />
      <div className="rows">
        {form.expiries.map((e, i) => {
          const seconds = Number(e.seconds);
          const be = breakEven(e.payoutRate);
          return (
            <div className="row" key={e.key} data-testid="expiry-row">
              <label className="field field-narrow">
                <span>{t('products.seconds')}</span>
                <input
                  name={`expiries.${i}.seconds`}
                  type="number"
                  inputMode="numeric"
                  min={10}
                  max={86400}
                  value={e.seconds}
                  aria-invalid={Boolean(err(`expiries.${i}.seconds`))}
                  onChange={(ev) => update({ expiries: patchRow(form.expiries, e.key, { seconds: ev.target.value }) })}
                />
                <FieldError text={err(`expiries.${i}.seconds`)} />
              </label>
              <label className="field field-narrow">
                <span>{t('products.payoutRate')}</span>
                <input
                  name={`expiries.${i}.payoutRate`}
                  inputMode="decimal"
                  value={e.payoutRate}
                  aria-invalid={Boolean(err(`expiries.${i}.payoutRate`))}
                  onChange={(ev) => update({ expiries: patchRow(form.expiries, e.key, { payoutRate: ev.target.value }) })}
                />
                <FieldError text={err(`expiries.${i}.payoutRate`)} />
              </label>
              <div className="row-summary muted small">
                {Number.isInteger(seconds) && seconds > 0 ? durationLabel(seconds) : '—'}
                {' · '}
                {t('products.ratePreview', { rate: formatRate(e.payoutRate) })}
                {be ? ` · ${t('products.breakEven', { rate: be })}` : ''}
              </div>
              <button
                type="button"
                className="btn btn-small btn-ghost"
                aria-label={t('products.removeExpiry')}
                onClick={() => update({ expiries: form.expiries.filter((x) => x.key !== e.key) })}
              >
                {t('common.remove')}
              </button>
            </div>
          );
        })}
      </div>
      <button
        type="button"
        className="btn btn-small"
        disabled={form.expiries.length >= MAX_EXPIRIES}
        onClick={() => update({ expiries: [...form.expiries, nextExpiry(form.expiries)] })}
      >
        {t('products.addExpiry')}
      </button>
    </section>
  );
}
