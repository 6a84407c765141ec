import { useTranslation } from 'react-i18next';
import { SCHEDULED_FIELDS, type ScheduledField } from '@candor/contracts';
import { formatInstant } from '../../lib/format';
import { formatChangeValue } from '../../lib/scheduledText';

type Change = { before: Record<string, unknown>; after: Record<string, unknown> };
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isChange = (v: unknown): v is Change & Record<string, unknown> => isRecord(v) && isRecord(v.before) && isRecord(v.after);
const PRODUCT_FIELDS = [
  'names',
  'precision',
  'timezone',
  'hours',
  'holidays',
  'maintenance',
  'suspended',
  'maintenanceMessage',
  'expiries',
  'minStake',
  'maxStake',
  'recommended',
  'enabled',
  'priceVenues',
] as const;
const show = (v: unknown): string => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));
/** A catalogue change's audit details (product.change_scheduled, _cancelled, _applied, _refused). */
type CatalogueDetails = { changeId: string; field: ScheduledField; from: unknown; to: unknown; effectiveAt: string };
const isCatalogueChange = (v: unknown): v is CatalogueDetails =>
  isRecord(v) && typeof v.changeId === 'string' && typeof v.effectiveAt === 'string' && (SCHEDULED_FIELDS as readonly unknown[]).includes(v.field);

/** A change is shown as field / before / after (a catalogue change in words, with when); anything else as its JSON. */
export function AuditDetails({ details }: { details: unknown }) {
  const { t, i18n } = useTranslation();
  if (isCatalogueChange(details)) {
    const labels = { allDay: t('products.allDay'), simulated: t('products.simulated'), none: t('products.scheduled.none') };
    const at = formatInstant(details.effectiveAt);
    return (
      <table className="diff" data-testid="audit-diff" data-change-id={details.changeId}>
        <thead>
          <tr>
            <th>{t('audit.field')}</th>
            <th>{t('audit.before')}</th>
            <th>{t('audit.after')}</th>
          </tr>
        </thead>
        <tbody>
          <tr data-field={details.field}>
            <th scope="row">{t(`products.fields.${details.field}`)}</th>
            <td data-side="before">
              <code>{formatChangeValue(details.field, details.from, i18n.language, labels)}</code>
            </td>
            <td data-side="after">
              <code>{formatChangeValue(details.field, details.to, i18n.language, labels)}</code>
            </td>
          </tr>
          <tr data-field="effectiveAt">
            <th scope="row">{t('products.scheduled.effectiveAt')}</th>
            <td colSpan={2}>
              {at.local} · {t('products.utcTime', { time: at.utc })}
            </td>
          </tr>
        </tbody>
      </table>
    );
  }
  if (!isChange(details)) return <pre data-testid="audit-details">{JSON.stringify(details, null, 2)}</pre>;
  const fields = [...new Set([...Object.keys(details.before), ...Object.keys(details.after)])];
  const label = (f: string) => ((PRODUCT_FIELDS as readonly string[]).includes(f) ? t(`products.fields.${f as (typeof PRODUCT_FIELDS)[number]}`) : f);
  return (
    <table className="diff" data-testid="audit-diff">
      <thead>
        <tr>
          <th>{t('audit.field')}</th>
          <th>{t('audit.before')}</th>
          <th>{t('audit.after')}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => (
          <tr key={f} data-field={f}>
            <th scope="row">{label(f)}</th>
            <td data-side="before">
              <code>{show(details.before[f])}</code>
            </td>
            <td data-side="after">
              <code>{show(details.after[f])}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
