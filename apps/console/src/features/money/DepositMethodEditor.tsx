import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type AdminDepositMethod } from '@candor/contracts';
import { ApiError } from '../../api/client';
import { LANGUAGE_NAMES } from '../../i18n';
import { LocaleTabs } from './LocaleTabs';
import { bodyOf, draftOf, emptyDraft, MAX_DETAILS, validateDraft, type DraftErrors, type DraftField, type MethodDraft } from './depositMethodForm';
import { useSaveDepositMethod } from './moneyApi';

/** Adds a method (`method` null) or edits one; closes after saving. */
export function DepositMethodEditor({ method, onDone }: { method: AdminDepositMethod | null; onDone(saved: boolean): void }) {
  const { t } = useTranslation(['consoleMoney', 'console']);
  const [draft, setDraft] = useState<MethodDraft>(() => (method ? draftOf(method) : emptyDraft()));
  // Checked from the first save on, then on every change, so a fixed field clears its message at once.
  const [tried, setTried] = useState(false);
  const errors: DraftErrors = tried ? validateDraft(draft) : {};
  const save = useSaveDepositMethod();
  const update = (patch: Partial<MethodDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const err = (f: DraftField) =>
    errors[f] ? (
      <span className="field-error" role="alert">
        {t(errors[f] as 'methods.amountInvalid')}
      </span>
    ) : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (Object.keys(validateDraft(draft)).length) return;
    save.mutate({ id: method?.id ?? null, body: bodyOf(draft) }, { onSuccess: () => onDone(true) });
  }
  const serverError = save.error instanceof ApiError ? save.error : null;

  return (
    <form className="card method-editor" onSubmit={submit} noValidate data-testid="method-editor">
      <h2>{method ? t('methods.editTitle') : t('methods.newTitle')}</h2>
      <div className="row-fields">
        <label className="field">
          <span>{t('methods.type')}</span>
          <select name="type" value={draft.type} onChange={(e) => update({ type: e.target.value as MethodDraft['type'] })}>
            <option value="bank">{t('methods.types.bank')}</option>
            <option value="crypto">{t('methods.types.crypto')}</option>
          </select>
        </label>
        <label className="field">
          <span>{t('methods.minAmount')}</span>
          <input
            name="minAmount"
            inputMode="decimal"
            value={draft.minAmount}
            aria-invalid={Boolean(errors.minAmount)}
            onChange={(e) => update({ minAmount: e.target.value })}
          />
          {err('minAmount')}
        </label>
        <label className="field">
          <span>{t('methods.maxAmount')}</span>
          <input
            name="maxAmount"
            inputMode="decimal"
            value={draft.maxAmount}
            aria-invalid={Boolean(errors.maxAmount)}
            onChange={(e) => update({ maxAmount: e.target.value })}
          />
          {err('maxAmount')}
        </label>
        <label className="field field-narrow">
          <span>{t('methods.sort')}</span>
          <input name="sort" inputMode="numeric" value={draft.sort} aria-invalid={Boolean(errors.sort)} onChange={(e) => update({ sort: e.target.value })} />
          {err('sort')}
        </label>
        <label className="field checkbox-field">
          <input type="checkbox" name="enabled" checked={draft.enabled} onChange={(e) => update({ enabled: e.target.checked })} />
          <span>{t('methods.enabledLabel')}</span>
        </label>
      </div>

      <fieldset>
        <legend>{t('methods.names')}</legend>
        <div className="names-grid">
          {LOCALES.map((l) => (
            <label key={l} className="field">
              <span>
                {LANGUAGE_NAMES[l]} <code className="muted">{l}</code>
                {l === 'zh-TW' ? <span className="required"> *</span> : null}
              </span>
              <input
                name={`names.${l}`}
                lang={l}
                maxLength={500}
                value={draft.names[l]}
                aria-invalid={l === 'zh-TW' && Boolean(errors.names)}
                onChange={(e) => update({ names: { ...draft.names, [l]: e.target.value } })}
              />
            </label>
          ))}
        </div>
        {err('names')}
      </fieldset>

      <fieldset>
        <legend>{t('methods.details')}</legend>
        {draft.details.map((row, i) => (
          <div className="detail-row" key={i} data-testid="detail-row">
            <input
              name={`detailKey.${i}`}
              aria-label={t('methods.detailKey')}
              placeholder={t('methods.detailKey')}
              maxLength={32}
              value={row.key}
              onChange={(e) => update({ details: draft.details.map((r, j) => (j === i ? { ...r, key: e.target.value } : r)) })}
            />
            <input
              name={`detailValue.${i}`}
              aria-label={t('methods.detailValue')}
              placeholder={t('methods.detailValue')}
              maxLength={200}
              value={row.value}
              onChange={(e) => update({ details: draft.details.map((r, j) => (j === i ? { ...r, value: e.target.value } : r)) })}
            />
            <button type="button" className="btn btn-small btn-ghost" onClick={() => update({ details: draft.details.filter((_, j) => j !== i) })}>
              {t('methods.removeDetail')}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn btn-small"
          data-testid="add-detail"
          disabled={draft.details.length >= MAX_DETAILS}
          onClick={() => update({ details: [...draft.details, { key: '', value: '' }] })}
        >
          {t('methods.addDetail')}
        </button>
        {err('details')}
      </fieldset>

      <fieldset>
        <legend>{t('methods.instructions')}</legend>
        <LocaleTabs label={t('methods.instructions')} filled={(l) => Boolean(draft.instructions[l].trim())}>
          {(l) => (
            <textarea
              key={l}
              name={`instructions.${l}`}
              aria-label={`${t('methods.instructions')} ${l}`}
              rows={3}
              maxLength={500}
              value={draft.instructions[l]}
              onChange={(e) => update({ instructions: { ...draft.instructions, [l]: e.target.value } })}
            />
          )}
        </LocaleTabs>
      </fieldset>

      {serverError ? (
        <p className="notice notice-error" role="alert" data-testid="method-save-error">
          {serverError.message}
          {serverError.field ? ` — ${t('methods.fieldError', { field: serverError.field })}` : null}
        </p>
      ) : null}
      <div className="button-row">
        <button type="submit" className="btn btn-primary" disabled={save.isPending} data-testid="method-save">
          {save.isPending ? t('methods.saving') : t('methods.save')}
        </button>
        <button type="button" className="btn" onClick={() => onDone(false)} disabled={save.isPending}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
