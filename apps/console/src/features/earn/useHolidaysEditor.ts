import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EarnHolidayBody } from '@candor/contracts';
import { useAddHoliday, useImportHolidays, useRemoveHoliday } from './earnApi';
import { isCalendarDate, parseHolidayList } from './earnForm';

/** A holiday change waiting for the operator's confirmation. */
export type PendingHolidays =
  { kind: 'add'; holiday: EarnHolidayBody } | { kind: 'remove'; holiday: EarnHolidayBody } | { kind: 'import'; holidays: EarnHolidayBody[] };

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The holiday forms' state: what is typed, what waits for confirmation, and what the last change did. */
export function useHolidaysEditor() {
  const { t } = useTranslation('consoleEarn');
  const add = useAddHoliday();
  const remove = useRemoveHoliday();
  const importList = useImportHolidays();
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingHolidays | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const ask = (p: PendingHolidays) => {
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
  const cancel = () => setPending(null);
  return { date, setDate, name, setName, text, setText, problem, pending, error, done, busy, ask, submitAdd, submitImport, confirm, cancel };
}
