import { useTranslation } from 'react-i18next';
import type { ScheduledField } from '@candor/contracts';
import { formatInstant } from '../../../lib/format';
import { isoToLocalInput, localInputToIso } from '../productForm';
import { FieldError, type SectionProps } from './FormControls';

/**
 * When the edits to scheduled fields take effect: empty for the earliest allowed (the server's own, at the moment
 * of saving), or a local date and time to the second, shown back in local time and UTC before anything is sent.
 */
export function EffectiveAtSection({ form, update, err, schedule, scheduledEdits }: SectionProps & { scheduledEdits: ScheduledField[] }) {
  const { t } = useTranslation();
  const earliest = formatInstant(schedule.earliest);
  const chosen = form.effectiveAt.trim() ? localInputToIso(form.effectiveAt) : null;
  return (
    <section className={`card ${scheduledEdits.length ? 'card-info' : ''}`} data-testid="effective-at">
      <h2>{t('products.schedule.title')}</h2>
      <p className="muted small">{t('products.schedule.explain')}</p>
      <div className="button-row align-end">
        <label className="field">
          <span>{t('products.schedule.effectiveAt')}</span>
          <input
            name="effectiveAt"
            type="datetime-local"
            step={1}
            min={isoToLocalInput(schedule.earliest)}
            value={form.effectiveAt}
            aria-invalid={Boolean(err('effectiveAt'))}
            onChange={(e) => update({ effectiveAt: e.target.value })}
          />
          <FieldError text={err('effectiveAt')} />
        </label>
        <button type="button" className="btn btn-small btn-ghost" disabled={!form.effectiveAt} onClick={() => update({ effectiveAt: '' })}>
          {t('products.schedule.useEarliest')}
        </button>
      </div>
      <p className="small" data-testid="effective-at-preview">
        {chosen ? t('products.schedule.preview', formatInstant(chosen)) : t('products.schedule.defaultEarliest', earliest)}
      </p>
      <p className={`small ${scheduledEdits.length ? '' : 'muted'}`} data-testid="effective-at-fields">
        {scheduledEdits.length
          ? t('products.schedule.willSchedule', { fields: scheduledEdits.map((f) => t(`products.fields.${f}`)).join(', ') })
          : t('products.schedule.nothingToSchedule')}
      </p>
    </section>
  );
}
