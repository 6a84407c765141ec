import { useTranslation } from 'react-i18next';
import type { EarnHoliday } from '@candor/contracts';
import { ErrorState, Loading } from '../../components/States';
import { ConfirmChange } from './ConfirmChange';
import { useEarnHolidays } from './earnApi';
import { useHolidaysEditor, type PendingHolidays } from './useHolidaysEditor';

type Editor = ReturnType<typeof useHolidaysEditor>;

/** The public holidays (no confirmation on them): add, rename, remove, import a list; each confirmed first. */
export function HolidaysCard({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('consoleEarn');
  const list = useEarnHolidays();
  const editor = useHolidaysEditor();
  const { done, problem, pending } = editor;
  return (
    <section className="card" aria-labelledby="earn-holidays-title" data-testid="earn-holidays">
      <div className="card-head">
        <h2 id="earn-holidays-title">{t('holidays.title')}</h2>
      </div>
      <p className="muted small">{t('holidays.explain')}</p>
      {done ? (
        <p className="notice notice-info" role="status" data-testid="earn-holidays-done">
          {done}
        </p>
      ) : null}
      {problem ? (
        <p className="notice notice-error" role="alert" data-testid="earn-holidays-problem">
          {problem}
        </p>
      ) : null}
      {canManage ? <HolidayForms editor={editor} /> : null}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="muted">{t('holidays.none')}</p>
      ) : (
        <HolidayTable holidays={list.data} onRemove={canManage ? (h) => editor.ask({ kind: 'remove', holiday: h }) : null} />
      )}
      {pending ? <ConfirmHolidays pending={pending} editor={editor} /> : null}
    </section>
  );
}

/** Add one holiday, or import a list of them. */
function HolidayForms({ editor }: { editor: Editor }) {
  const { t } = useTranslation('consoleEarn');
  const { date, setDate, name, setName, text, setText } = editor;
  return (
    <>
      <form className="earn-holiday-add" onSubmit={editor.submitAdd} noValidate>
        <label className="field">
          <span>{t('holidays.date')}</span>
          <input type="date" value={date} onChange={(e) => setDate(e.target.value)} data-testid="earn-holiday-date" />
        </label>
        <label className="field">
          <span>{t('holidays.name')}</span>
          <input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} data-testid="earn-holiday-name" />
        </label>
        <button type="submit" className="btn btn-primary" data-testid="earn-holiday-add">
          {t('holidays.add')}
        </button>
      </form>
      <form onSubmit={editor.submitImport} noValidate>
        <label className="field">
          <span>{t('holidays.import')}</span>
          <textarea
            rows={4}
            value={text}
            placeholder={t('holidays.importPlaceholder')}
            onChange={(e) => setText(e.target.value)}
            data-testid="earn-holiday-import-text"
          />
        </label>
        <button type="submit" className="btn" data-testid="earn-holiday-import">
          {t('holidays.importAction')}
        </button>
      </form>
    </>
  );
}

/** The holidays by date; `onRemove` null: read only (no remove column). */
function HolidayTable({ holidays, onRemove }: { holidays: EarnHoliday[]; onRemove: ((h: EarnHoliday) => void) | null }) {
  const { t } = useTranslation('consoleEarn');
  return (
    <div className="table-wrap">
      <table data-testid="earn-holiday-list">
        <thead>
          <tr>
            <th>{t('holidays.date')}</th>
            <th>{t('holidays.name')}</th>
            {onRemove ? <th aria-label={t('holidays.remove')} /> : null}
          </tr>
        </thead>
        <tbody>
          {holidays.map((h) => (
            <tr key={h.date} data-testid="earn-holiday" data-date={h.date}>
              <td className="nowrap">{h.date}</td>
              <td>{h.name}</td>
              {onRemove ? (
                <td>
                  <button type="button" className="btn btn-small" onClick={() => onRemove(h)} data-testid="earn-holiday-remove">
                    {t('holidays.remove')}
                  </button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ConfirmHolidays({ pending, editor }: { pending: PendingHolidays; editor: Editor }) {
  const { t } = useTranslation('consoleEarn');
  return (
    <ConfirmChange
      title={
        pending.kind === 'import'
          ? t('confirm.importTitle', { count: pending.holidays.length })
          : t(pending.kind === 'add' ? 'confirm.addTitle' : 'confirm.removeTitle', pending.holiday)
      }
      action={t(pending.kind === 'import' ? 'confirm.importAction' : pending.kind === 'add' ? 'confirm.addAction' : 'confirm.removeAction')}
      danger={pending.kind === 'remove'}
      pending={editor.busy}
      error={editor.error}
      onConfirm={editor.confirm}
      onCancel={editor.cancel}
    >
      <p>{t('confirm.holidayEffect')}</p>
    </ConfirmChange>
  );
}
