import { useTranslation } from 'react-i18next';
import type { AdminEarnSettings, EarnSettingsBody } from '@candor/contracts';
import { formatDateTime } from '../../lib/format';
import { ConfirmChange } from './ConfirmChange';
import { SETTINGS_FIELDS, settingsValues, type SettingsField } from './earnForm';
import { inZone, percent } from './rate';
import { useSettingsForm } from './useSettingsForm';

/** Zones offered while typing (the runtime's list; any IANA zone the server knows is accepted). */
const ZONES: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

type Form = ReturnType<typeof useSettingsForm>;

function shown(field: SettingsField, value: string | number | undefined): string {
  if (value === undefined) return '—';
  return field === 'dailyRate' ? `${value} (${percent(String(value))})` : String(value);
}

/** The daily rate, cut-off, zone, minimum and daily limits: a change is a new version from the next posting. */
export function SettingsCard({ data, canManage }: { data: AdminEarnSettings; canManage: boolean }) {
  const { t, i18n } = useTranslation('consoleEarn');
  const form = useSettingsForm(data);
  return (
    <section className="card" aria-labelledby="earn-settings-title" data-testid="earn-settings">
      <div className="card-head">
        <h2 id="earn-settings-title">{t('settings.title')}</h2>
      </div>
      <p className="notice notice-info" data-testid="earn-effective-rule">
        {t('settings.rule', { time: inZone(data.nextPostingAt, data.next.timezone, i18n.language) })}
      </p>
      <dl className="facts" data-testid="earn-versions-now">
        <dt>{t('settings.current')}</dt>
        <dd>
          {percent(data.current.dailyRate)} · {data.current.cutoff} {data.current.timezone} · {t('settings.since', { date: data.current.effectiveDate })}
        </dd>
        <dt>{t('settings.next')}</dt>
        <dd data-testid="earn-next-version">
          {percent(data.next.dailyRate)} · {data.next.cutoff} {data.next.timezone} · {t('settings.since', { date: data.next.effectiveDate })}
        </dd>
      </dl>
      <SettingsForm form={form} canManage={canManage} />
      {form.pending ? <ConfirmSettings data={data} pending={form.pending} form={form} /> : null}
      <VersionHistory versions={data.versions} />
    </section>
  );
}

function SettingsForm({ form, canManage }: { form: Form; canManage: boolean }) {
  const { t } = useTranslation('consoleEarn');
  const { values, problems, saved } = form;
  return (
    <form className="earn-settings-form" onSubmit={form.submit} noValidate>
      {SETTINGS_FIELDS.map((f) => (
        <label key={f} className="field">
          <span>{t(`field.${f}`)}</span>
          <input
            name={f}
            value={values[f]}
            disabled={!canManage}
            list={f === 'timezone' ? 'earn-zones' : undefined}
            inputMode={f === 'timezone' || f === 'cutoff' ? 'text' : 'decimal'}
            aria-invalid={Boolean(problems[f]) || undefined}
            onChange={(e) => form.edit(f, e.target.value)}
            data-testid={`earn-field-${f}`}
          />
          {problems[f] ? (
            <span className="field-error" role="alert">
              {t(problems[f])}
            </span>
          ) : (
            <span className="earn-hint">{t(`hint.${f}`, { rate: percent(values.dailyRate) })}</span>
          )}
        </label>
      ))}
      <datalist id="earn-zones">
        {ZONES.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <div className="save-actions">
        {canManage ? (
          <button type="submit" className="btn btn-primary" data-testid="earn-settings-save">
            {t('settings.save')}
          </button>
        ) : (
          <p className="muted small">{t('settings.readOnly')}</p>
        )}
        {saved ? (
          <p className="notice notice-info" role="status" data-testid="earn-settings-saved">
            {saved}
          </p>
        ) : null}
      </div>
    </form>
  );
}

/** Each field that changes, from what to what, and from which posting. */
function ConfirmSettings({ data, pending, form }: { data: AdminEarnSettings; pending: EarnSettingsBody; form: Form }) {
  const { t, i18n } = useTranslation('consoleEarn');
  const was = settingsValues(data.next);
  return (
    <ConfirmChange
      title={t('confirm.settingsTitle')}
      action={t('confirm.settingsAction')}
      pending={form.saving}
      error={form.error}
      onConfirm={form.confirm}
      onCancel={form.cancel}
    >
      <ul className="earn-changes" data-testid="earn-changes">
        {(Object.keys(pending) as SettingsField[]).map((f) => (
          <li key={f}>{t('confirm.change', { field: t(`field.${f}`), from: shown(f, was[f]), to: shown(f, pending[f]) })}</li>
        ))}
      </ul>
      <p>{t('confirm.settingsWhen', { time: inZone(data.nextPostingAt, data.next.timezone, i18n.language) })}</p>
    </ConfirmChange>
  );
}

function VersionHistory({ versions }: { versions: AdminEarnSettings['versions'] }) {
  const { t } = useTranslation('consoleEarn');
  return (
    <details>
      <summary>{t('settings.history', { count: versions.length })}</summary>
      <div className="table-wrap">
        <table data-testid="earn-versions">
          <thead>
            <tr>
              <th>{t('settings.effectiveDate')}</th>
              <th className="num">{t('field.dailyRate')}</th>
              <th>{t('field.cutoff')}</th>
              <th>{t('field.timezone')}</th>
              <th className="num">{t('field.minAmount')}</th>
              <th className="num">{t('settings.limits')}</th>
              <th>{t('settings.createdAt')}</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((v) => (
              <tr key={v.id}>
                <td>{v.effectiveDate}</td>
                <td className="num">{percent(v.dailyRate)}</td>
                <td>{v.cutoff}</td>
                <td>{v.timezone}</td>
                <td className="num">{v.minAmount}</td>
                <td className="num">
                  {v.dailyInLimit} / {v.dailyOutLimit}
                </td>
                <td>{formatDateTime(v.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
