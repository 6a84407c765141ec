import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS } from '@candor/contracts';
import type { AuditFilters } from '../../lib/api/queries';

interface Props {
  draft: AuditFilters;
  /** Some filter is applied, or typed in the form: clearing has something to do. */
  clearable: boolean;
  onChange(draft: AuditFilters): void;
  onSubmit(e: FormEvent): void;
  onClear(): void;
}

/** The audit log's filters: action (with the known actions offered), user id, operator id. */
export function AuditFilterForm({ draft, clearable, onChange, onSubmit, onClear }: Props) {
  const { t } = useTranslation();
  return (
    <form className="filters card" onSubmit={onSubmit} aria-label={t('audit.filters')}>
      <label className="field">
        <span>{t('audit.action')}</span>
        <input
          name="action"
          list="audit-actions"
          value={draft.action}
          placeholder={t('audit.actionPlaceholder')}
          maxLength={100}
          onChange={(e) => onChange({ ...draft, action: e.target.value })}
        />
        <datalist id="audit-actions">
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a} />
          ))}
        </datalist>
      </label>
      <label className="field">
        <span>{t('audit.userId')}</span>
        <input
          name="userId"
          value={draft.userId}
          placeholder={t('audit.userIdPlaceholder')}
          maxLength={100}
          onChange={(e) => onChange({ ...draft, userId: e.target.value })}
        />
      </label>
      <label className="field">
        <span>{t('audit.operatorId')}</span>
        <input
          name="operatorId"
          value={draft.operatorId}
          placeholder={t('audit.operatorIdPlaceholder')}
          maxLength={100}
          onChange={(e) => onChange({ ...draft, operatorId: e.target.value })}
        />
      </label>
      <div className="filter-actions">
        <button type="submit" className="btn btn-primary">
          {t('audit.apply')}
        </button>
        <button type="button" className="btn" disabled={!clearable} onClick={onClear}>
          {t('audit.clear')}
        </button>
      </div>
    </form>
  );
}
