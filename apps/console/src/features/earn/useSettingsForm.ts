import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminEarnSettings, EarnSettingsBody } from '@candor/contracts';
import { useUpdateEarnSettings } from './earnApi';
import { settingsChanges, settingsProblems, settingsValues, type SettingsField, type SettingsProblem, type SettingsValues } from './earnForm';

/** The settings form's state: the values typed, their problems, the change waiting for confirmation. */
export function useSettingsForm(data: AdminEarnSettings) {
  const { t } = useTranslation('consoleEarn');
  const update = useUpdateEarnSettings();
  const [values, setValues] = useState<SettingsValues>(() => settingsValues(data.next));
  const [problems, setProblems] = useState<Partial<Record<SettingsField, SettingsProblem>>>({});
  const [pending, setPending] = useState<EarnSettingsBody | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const edit = (f: SettingsField, v: string) => {
    setValues((o) => ({ ...o, [f]: v }));
    setProblems((o) => ({ ...o, [f]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = settingsProblems(values);
    setProblems(p);
    setSaved(null);
    if (Object.keys(p).length) return;
    const body = settingsChanges(data.next, values);
    if (!Object.keys(body).length) {
      setSaved(t('settings.nothingChanged'));
      return;
    }
    setError(null);
    setPending(body);
  };

  const confirm = () => {
    if (!pending) return;
    update.mutate(pending, {
      onSuccess: (r) => {
        setPending(null);
        setValues(settingsValues(r.next));
        setSaved(t('settings.saved', { date: r.next.effectiveDate }));
      },
      onError: (err) => setError(err instanceof Error ? err.message : String(err)),
    });
  };

  const cancel = () => setPending(null);
  return { values, problems, pending, error, saved, saving: update.isPending, edit, submit, confirm, cancel };
}
