import { useTranslation } from 'react-i18next';
import type { ScheduledChange } from '@candor/contracts';
import { formatDateTime, formatInstant } from '../../../lib/format';
import { splitChanges, type ProductChanges, type ProductFields } from '../productForm';
import type { SaveResult } from '../useProductForm';

interface SaveBarProps {
  /** The fields that differ from the stored product. */
  diff: ProductChanges;
  /** When the scheduled edits would take effect: the chosen time, or (not chosen) the earliest allowed as last read. */
  scheduledAt: { local: string; utc: string; chosen: boolean };
  dirty: boolean;
  pending: boolean;
  errorCount: number;
  saved: SaveResult | null;
  /** The changes still pending: a saved change cancelled (or applied) since is no longer announced as scheduled. */
  pendingIds: ReadonlySet<string>;
  serverError: Error | null;
  onDiscard: () => void;
}

/** The changes a save scheduled, by the time they take effect (one PATCH schedules all of its fields for one time). */
function byTime(changes: ScheduledChange[]): [string, ScheduledChange[]][] {
  const groups = new Map<string, ScheduledChange[]>();
  for (const c of changes) groups.set(c.effectiveAt, [...(groups.get(c.effectiveAt) ?? []), c]);
  return [...groups];
}

/** The editor's footer: what state the edits are in (which apply at once, which are scheduled), and discard / save. */
export function SaveBar({ diff, scheduledAt, dirty, pending, errorCount, saved, pendingIds, serverError, onDiscard }: SaveBarProps) {
  const { t } = useTranslation();
  const label = (k: keyof ProductFields) => t(`products.fields.${k}`);
  const { immediate, scheduled } = splitChanges(diff);
  return (
    <div className="save-bar" role="region" aria-label={t('products.saveBar')}>
      <div className="save-status" aria-live="polite">
        {serverError ? (
          <span className="text-bad" role="alert" data-testid="save-error">
            {serverError.message}
          </span>
        ) : errorCount ? (
          <span className="text-bad" role="alert">
            {t('products.fixErrors', { count: errorCount })}
          </span>
        ) : saved ? (
          <span className="save-lines" data-testid="saved" data-scheduled={saved.scheduled.length}>
            <span className="text-ok">{t('products.saved', { time: formatDateTime(saved.at) })}</span>
            {saved.applied.length ? (
              <span data-testid="saved-applied">{t('products.savedApplied', { fields: saved.applied.map(label).join(', ') })}</span>
            ) : null}
            {byTime(saved.scheduled.filter((c) => pendingIds.has(c.id))).map(([at, changes]) => (
              <span key={at} data-testid="saved-scheduled" className="text-info">
                {t('products.savedScheduled', { fields: changes.map((c) => label(c.field)).join(', '), ...formatInstant(at) })}
              </span>
            ))}
          </span>
        ) : dirty ? (
          <span className="save-lines">
            {immediate.length ? <span>{t('products.unsavedImmediate', { fields: immediate.map(label).join(', ') })}</span> : null}
            {scheduled.length ? (
              <span className="text-info" data-testid="unsaved-scheduled">
                {t(scheduledAt.chosen ? 'products.unsavedScheduled' : 'products.unsavedScheduledEarliest', {
                  fields: scheduled.map(label).join(', '),
                  local: scheduledAt.local,
                  utc: scheduledAt.utc,
                })}
              </span>
            ) : null}
          </span>
        ) : (
          <span className="muted">{t('products.noChanges')}</span>
        )}
      </div>
      <div className="save-actions">
        <button type="button" className="btn" disabled={!dirty || pending} onClick={onDiscard}>
          {t('products.discard')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={!dirty || pending} data-testid="save">
          {pending ? t('products.saving') : t('products.save')}
        </button>
      </div>
    </div>
  );
}
