import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EarnHolidayBody } from '@candor/contracts';
import { ErrorState, Loading } from '../../components/States';
import { ConfirmChange } from './ConfirmChange';
import { useAddHoliday, useEarnHolidays, useImportHolidays, useRemoveHoliday } from './earnApi';
import { isCalendarDate, parseHolidayList } from './earnForm';

type Pending = { kind: 'add'; holiday: EarnHolidayBody } | { kind: 'remove'; holiday: EarnHolidayBody } | { kind: 'import'; holidays: EarnHolidayBody[] };

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The public holidays (no confirmation on them): add, rename, remove, import a list; each confirmed first. */
export function HolidaysCard({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('consoleEarn');
  const list = useEarnHolidays();
  const add = useAddHoliday();
  const remove = useRemoveHoliday();
  const importList = useImportHolidays();
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const ask = (p: Pending) => {
    setError(null);
    setDone(null);
    setPending(p);
  };

  const submitAdd = (e: FormEvent) => {
    e.preventDefault();
    if (!isCalendarDate(date)) return setProblem(t('invalid.date'));
    if (!name.trim()) return setProblem(t('invalid.name'));
    setProblem(null);
    ask({ kind: 'add', holiday: { date, name: name.trim() } });
  };

  const submitImport = (e: FormEvent) => {
    e.preventDefault();
    const r = parseHolidayList(text);
    if (r.badLines.length) return setProblem(t('invalid.lines', { lines: r.badLines.join(', ') }));
    if (!r.holidays.length) return setProblem(t('invalid.emptyList'));
    setProblem(null);
    ask({ kind: 'import', holidays: r.holidays });
  };

  const confirm = () => {
    if (!pending) return;
    const onError = (err: unknown) => setError(message(err));
    if (pending.kind === 'add')
      add.mutate(pending.holiday, {
        onSuccess: () => {
          setPending(null);
          setDate('');
          setName('');
          setDone(t('holidays.added', pending.holiday));
        },
        onError,
      });
    else if (pending.kind === 'remove')
      remove.mutate(pending.holiday.date, {
        onSuccess: () => {
          setPending(null);
          setDone(t('holidays.removed', pending.holiday));
        },
        onError,
      });
    else
      importList.mutate(pending.holidays, {
        onSuccess: (r) => {
          setPending(null);
          setText('');
          setDone(t('holidays.imported', { added: r.added, updated: r.updated }));
        },
        onError,
      });
  };

  const busy = add.isPending || remove.isPending || importList.isPending;
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
      {canManage ? (
        <>
          <form className="earn-holiday-add" onSubmit={submitAdd} noValidate>
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
          <form onSubmit={submitImport} noValidate>
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
      ) : null}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="muted">{t('holidays.none')}</p>
      ) : (
        <div className="table-wrap">
          <table data-testid="earn-holiday-list">
            <thead>
              <tr>
                <th>{t('holidays.date')}</th>
                <th>{t('holidays.name')}</th>
                {canManage ? <th aria-label={t('holidays.remove')} /> : null}
              </tr>
            </thead>
            <tbody>
              {list.data.map((h) => (
                <tr key={h.date} data-testid="earn-holiday" data-date={h.date}>
                  <td className="nowrap">{h.date}</td>
                  <td>{h.name}</td>
                  {canManage ? (
                    <td>
                      <button type="button" className="btn btn-small" onClick={() => ask({ kind: 'remove', holiday: h })} data-testid="earn-holiday-remove">
                        {t('holidays.remove')}
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pending ? (
        <ConfirmChange
          title={
            pending.kind === 'import'
              ? t('confirm.importTitle', { count: pending.holidays.length })
              : t(pending.kind === 'add' ? 'confirm.addTitle' : 'confirm.removeTitle', pending.holiday)
          }
          action={t(pending.kind === 'import' ? 'confirm.importAction' : pending.kind === 'add' ? 'confirm.addAction' : 'confirm.removeAction')}
          danger={pending.kind === 'remove'}
          pending={busy}
          error={error}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        >
          <p>{t('confirm.holidayEffect')}</p>
        </ConfirmChange>
      ) : null}
    </section>
  );
}
