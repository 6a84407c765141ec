import { useTranslation } from 'react-i18next';
import { FieldError, ScheduledNote, type SectionProps } from './FormControls';

/** Price precision and the stake limits. */
export function PricingSection({ form, update, err, schedule }: SectionProps) {
  const { t } = useTranslation();
  return (
    <section className="card">
      <h2>{t('products.sections.pricing')}</h2>
      <div className="row-fields">
        <label className="field field-narrow">
          <span>{t('products.precision')}</span>
          <input
            name="precision"
            type="number"
            inputMode="numeric"
            min={0}
            max={8}
            step={1}
            value={form.precision}
            aria-invalid={Boolean(err('precision'))}
            onChange={(e) => update({ precision: e.target.value })}
          />
          <small className="muted">{t('products.precisionHint')}</small>
          <FieldError text={err('precision')} />
        </label>
        <label className="field">
          <span>{t('products.minStake')}</span>
          <input
            name="minStake"
            inputMode="decimal"
            value={form.minStake}
            aria-invalid={Boolean(err('minStake'))}
            onChange={(e) => update({ minStake: e.target.value })}
          />
          <FieldError text={err('minStake')} />
        </label>
        <label className="field">
          <span>{t('products.maxStake')}</span>
          <input
            name="maxStake"
            inputMode="decimal"
            value={form.maxStake}
            aria-invalid={Boolean(err('maxStake'))}
            onChange={(e) => update({ maxStake: e.target.value })}
          />
          <FieldError text={err('maxStake')} />
        </label>
      </div>
      <ScheduledNote schedule={schedule} fields={['precision']} name={t('products.precision')} />
    </section>
  );
}
