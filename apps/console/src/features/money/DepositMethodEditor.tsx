import { useTranslation } from 'react-i18next';
import { LOCALES, type AdminDepositMethod } from '@candor/contracts';
import { LANGUAGE_NAMES } from '../../lib/i18n';
import { LocaleTabs } from './LocaleTabs';
import { MAX_DETAILS, type MethodDraft } from './depositMethodForm';
import { useMethodDraft } from './useMethodDraft';

type Editor = ReturnType<typeof useMethodDraft>;

/** Adds a method (`method` null) or edits one; closes after saving. */
export function DepositMethodEditor({ method, onDone }: { method: AdminDepositMethod | null; onDone(saved: boolean): void }) {
  const { t } = useTranslation(['consoleMoney', 'console']);
  const editor = useMethodDraft(method, onDone);
  const { serverError, saving } = editor;
  return (
    <form className="card method-editor" onSubmit={editor.submit} noValidate data-testid="method-editor">
      <h2>{method ? t('methods.editTitle') : t('methods.newTitle')}</h2>
      <MethodFields editor={editor} />
      <NamesFieldset editor={editor} />
      <DetailsFieldset editor={editor} />
      <fieldset>
        <legend>{t('methods.instructions')}</legend>
        <LocaleTabs label={t('methods.instructions')} filled={(l) => Boolean(editor.draft.instructions[l].trim())}>
          {(l) => (
            <textarea
              key={l}
              name={`instructions.${l}`}
              aria-label={`${t('methods.instructions')} ${l}`}
              rows={3}
              maxLength={500}
              value={editor.draft.instructions[l]}
              onChange={(e) => editor.update({ instructions: { ...editor.draft.instructions, [l]: e.target.value } })}
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
        <button type="submit" className="btn btn-primary" disabled={saving} data-testid="method-save">
          {saving ? t('methods.saving') : t('methods.save')}
        </button>
        <button type="button" className="btn" onClick={() => onDone(false)} disabled={saving}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

/** A field's problem (a consoleMoney key), if it has one. */
function DraftError({ problem }: { problem: string | undefined }) {
  const { t } = useTranslation(['consoleMoney', 'console']);
  return problem ? (
    <span className="field-error" role="alert">
      {t(problem as 'methods.amountInvalid')}
    </span>
  ) : null;
}

/** Type, amount range, sort order and whether users see it. */
function MethodFields({ editor: { draft, errors, update } }: { editor: Editor }) {
  const { t } = useTranslation(['consoleMoney', 'console']);
  return (
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
        <DraftError problem={errors.minAmount} />
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
        <DraftError problem={errors.maxAmount} />
      </label>
      <label className="field field-narrow">
        <span>{t('methods.sort')}</span>
        <input name="sort" inputMode="numeric" value={draft.sort} aria-invalid={Boolean(errors.sort)} onChange={(e) => update({ sort: e.target.value })} />
        <DraftError problem={errors.sort} />
      </label>
      <label className="field checkbox-field">
        <input type="checkbox" name="enabled" checked={draft.enabled} onChange={(e) => update({ enabled: e.target.checked })} />
        <span>{t('methods.enabledLabel')}</span>
      </label>
    </div>
  );
}

/** The method's name in every language (zh-TW required). */
function NamesFieldset({ editor: { draft, errors, update } }: { editor: Editor }) {
  const { t } = useTranslation(['consoleMoney', 'console']);
  return (
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
      <DraftError problem={errors.names} />
    </fieldset>
  );
}

/** The key / value rows a depositor copies (account number, address, ...). */
function DetailsFieldset({ editor: { draft, errors, update } }: { editor: Editor }) {
  const { t } = useTranslation(['consoleMoney', 'console']);
  return (
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
      <DraftError problem={errors.details} />
    </fieldset>
  );
}
