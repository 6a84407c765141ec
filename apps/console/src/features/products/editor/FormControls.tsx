import { useTranslation } from 'react-i18next';
import type { ScheduledChange, ScheduledField } from '@candor/contracts';
import { formatInstant } from '../../../lib/format';
import type { ProductForm } from '../productForm';

/** When a change to a scheduled field could take effect at the earliest, and the changes already pending. */
export interface ScheduleInfo {
  earliest: string;
  pending: ScheduledChange[];
}

/** What every section of the editor gets: the form, a way to change it, a field's error message by path, and the schedule. */
export interface SectionProps {
  form: ProductForm;
  update: (p: Partial<ProductForm>) => void;
  err: (path: string) => string | null;
  schedule: ScheduleInfo;
}

interface ToggleProps {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  name: string;
}

/** A checkbox shown as a switch; the whole label is the click target. */
export function Toggle({ label, hint, checked, onChange, name }: ToggleProps) {
  return (
    <label className="toggle">
      <input type="checkbox" role="switch" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span className="toggle-track" aria-hidden="true" />
      <span className="toggle-text">
        <span>{label}</span>
        {hint ? <small className="muted">{hint}</small> : null}
      </span>
    </label>
  );
}

export function FieldError({ text }: { text: string | null }) {
  return text ? <small className="field-error">{text}</small> : null;
}

/**
 * Marks fields that shape prices or sessions: a change to them is scheduled (announced, at the earliest at
 * `schedule.earliest`), never applied on save; it names the changes to them already pending. `name` names the
 * field when the note stands beside fields that apply at once.
 */
export function ScheduledNote({ schedule, fields, name }: { schedule: ScheduleInfo; fields: ScheduledField[]; name?: string }) {
  const { t } = useTranslation();
  const { local, utc } = formatInstant(schedule.earliest);
  const pending = schedule.pending.filter((c) => fields.includes(c.field)).length;
  return (
    // A span (shown as a block): it also sits inside a field's label, where a paragraph may not.
    <span className="scheduled-note small" data-testid="scheduled-note" data-fields={fields.join(' ')}>
      {name ? <span className="scheduled-name">{name}: </span> : null}
      <span className="pill pill-info">{t('products.schedule.badge')}</span> {t('products.schedule.earliest', { local, utc })}
      {pending ? <strong> {t('products.schedule.pendingForField', { count: pending })}</strong> : null}
    </span>
  );
}
