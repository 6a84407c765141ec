import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import type { LimitsResponse, PutLimitsBody, ResponsibleLimitName } from '@candor/contracts';
import { MAX_AMOUNT_CENTS } from '@candor/domain';
import { AmountField, Button, ConfirmDialog, ErrorState, Loading, PageHeader, SelectField, useToast } from '../../components';
import { useLimits, useSaveLimits, useSelfExclusion, useTimeOut } from '../../features/limits/hooks';
import { amountIssue, wireAmount, type AmountLimits } from '../../lib/amount';
import { errorText } from '../../lib/errors';
import { formatAnnouncedTime, formatMoney } from '../../lib/format';
import styles from '../../features/limits/limits.module.css';

type MoneyName = Exclude<ResponsibleLimitName, 'reminderMinutes'>;
const GROUPS: { section: 'deposits' | 'losses' | 'stake'; names: MoneyName[] }[] = [
  { section: 'deposits', names: ['depositDay', 'depositWeek', 'depositMonth'] },
  { section: 'losses', names: ['lossDay', 'lossWeek', 'lossMonth'] },
  { section: 'stake', names: ['stakePerOrder'] },
];
const MONEY_NAMES = GROUPS.flatMap((g) => g.names);
/** A limit may be zero (nothing at all) up to the platform's largest amount; empty = no limit. */
const LIMIT_BOUNDS: AmountLimits = { min: 0, max: MAX_AMOUNT_CENTS, over: 'limit' };
const REMINDER_CHOICES = [15, 30, 60, 90, 120];
const TIME_OUT_DAYS = [1, 3, 7, 14, 30, 42];
const EXCLUSION_MONTHS = [6, 12, 24, 36, 60];

const time = (iso: string) => formatAnnouncedTime(iso, i18next.resolvedLanguage ?? i18next.language);

/** The typed texts of the money limits: what the server holds, as the user would type it ("" = no limit). */
function textsOf(data: LimitsResponse): Record<MoneyName, string> {
  return Object.fromEntries(MONEY_NAMES.map((n) => [n, data.limits[n] ?? ''])) as Record<MoneyName, string>;
}

function LimitsForm({ data }: { data: LimitsResponse }) {
  const { t } = useTranslation('limits');
  const toast = useToast();
  const save = useSaveLimits();
  // What the user typed stays as typed until they save: a refetch never rewrites a field under their fingers.
  const [texts, setTexts] = useState(() => textsOf(data));
  const [reminder, setReminder] = useState(data.limits.reminderMinutes === null ? '' : String(data.limits.reminderMinutes));
  const invalid = MONEY_NAMES.some((n) => texts[n].trim() !== '' && amountIssue(texts[n], LIMIT_BOUNDS) !== null);

  const submit = () => {
    const body: PutLimitsBody = {};
    for (const n of MONEY_NAMES) {
      const typed = texts[n].trim() === '' ? null : wireAmount(texts[n]);
      if (typed !== data.limits[n]) body[n] = typed;
    }
    const minutes = reminder === '' ? null : Number(reminder);
    if (minutes !== data.limits.reminderMinutes) body.reminderMinutes = minutes;
    save.mutate(body, {
      onSuccess: (next) => {
        setTexts(textsOf(next));
        toast.success(
          next.pending.length > data.pending.length || next.pending.some((p) => !data.pending.find((q) => q.name === p.name && q.effectiveAt === p.effectiveAt))
            ? t('savedPending')
            : t('saved'),
        );
      },
      onError: (err) => toast.error(errorText(err, t)),
    });
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!invalid) submit();
      }}
      noValidate
    >
      {GROUPS.map((g) => (
        <section key={g.section} className="card settings-section" aria-labelledby={`limits-${g.section}`}>
          <h2 className="section-title" id={`limits-${g.section}`}>
            {t(`section.${g.section}`)}
          </h2>
          {g.section === 'losses' ? <p className="section-note">{t('lossNote')}</p> : null}
          {g.names.map((n) => (
            <AmountField
              key={n}
              name={n}
              testId={`limit-${n}`}
              label={t(`names.${n}`)}
              value={texts[n]}
              onChange={(text) => setTexts((before) => ({ ...before, [n]: text }))}
              limits={LIMIT_BOUNDS}
              placeholder={t('noLimit')}
              hint={t('current', { value: data.limits[n] === null ? t('noLimit') : formatMoney(data.limits[n]) })}
              showMax={false}
            />
          ))}
        </section>
      ))}
      <section className="card settings-section" aria-labelledby="limits-reminder">
        <h2 className="section-title" id="limits-reminder">
          {t('section.reminder')}
        </h2>
        <SelectField label={t('reminderEvery')} name="reminderMinutes" value={reminder} onChange={setReminder} testId="limit-reminderMinutes">
          <option value="">{t('reminderOff')}</option>
          {[...new Set([...REMINDER_CHOICES, ...(data.limits.reminderMinutes ? [data.limits.reminderMinutes] : [])])]
            .sort((a, b) => a - b)
            .map((m) => (
              <option key={m} value={String(m)}>
                {t('reminderMinutes', { count: m })}
              </option>
            ))}
        </SelectField>
      </section>
      <div className={styles.actions}>
        <Button type="submit" block disabled={invalid || save.isPending} loading={save.isPending} data-testid="limits-save">
          {t('save')}
        </Button>
      </div>
    </form>
  );
}

function Pending({ data }: { data: LimitsResponse }) {
  const { t } = useTranslation('limits');
  if (data.pending.length === 0) return null;
  return (
    <section className="card settings-section" aria-labelledby="limits-pending" data-testid="limits-pending">
      <h2 className="section-title" id="limits-pending">
        {t('pending.title')}
      </h2>
      <ul className={styles.pendingList}>
        {data.pending.map((p) => (
          <li key={p.name}>
            {t('pending.item', {
              name: t(`names.${p.name}`),
              value:
                p.value === null
                  ? t('noLimit')
                  : p.name === 'reminderMinutes'
                    ? t('reminderMinutes', { count: Number(p.value) })
                    : formatMoney(String(p.value)),
              time: time(p.effectiveAt),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A time-out or self-exclusion: a length, a button, and a confirm step naming the end; once running, its end. */
function Restriction({ kind, data }: { kind: 'timeOut' | 'selfExclusion'; data: LimitsResponse }) {
  const { t } = useTranslation('limits');
  const toast = useToast();
  const timeOut = useTimeOut();
  const exclusion = useSelfExclusion();
  const mutation = kind === 'timeOut' ? timeOut : exclusion;
  const choices = kind === 'timeOut' ? TIME_OUT_DAYS : EXCLUSION_MONTHS;
  const [length, setLength] = useState(String(choices[0]));
  const [confirming, setConfirming] = useState(false);
  const until = kind === 'timeOut' ? data.timeOutUntil : data.selfExcludedUntil;
  const n = Number(length);
  const end = kind === 'timeOut' ? new Date(Date.now() + n * 86_400_000) : addMonths(new Date(), n);
  return (
    <section className="card settings-section" aria-labelledby={`limits-${kind}`} data-testid={`limits-${kind}`}>
      <h2 className="section-title" id={`limits-${kind}`}>
        {t(`${kind}.title`)}
      </h2>
      <p className="section-note">{t(`${kind}.text`)}</p>
      {until ? (
        <p className={styles.active} data-testid={`${kind}-active`}>
          {t(`${kind}.active`, { time: time(until) })}
        </p>
      ) : null}
      <SelectField label={t(`${kind}.length`)} name={kind} value={length} onChange={setLength} testId={`${kind}-length`}>
        {choices.map((c) => (
          <option key={c} value={String(c)}>
            {c}
          </option>
        ))}
      </SelectField>
      <Button variant="secondary" block onClick={() => setConfirming(true)} data-testid={`${kind}-start`}>
        {t(`${kind}.start`)}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t(`${kind}.confirmTitle`, { count: n })}
        message={t(`${kind}.confirmText`, { time: time(end.toISOString()) })}
        confirmLabel={t(`${kind}.start`)}
        danger
        busy={mutation.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          mutation.mutate(n, {
            onSuccess: (next) => {
              setConfirming(false);
              const ends = kind === 'timeOut' ? next.timeOutUntil : next.selfExcludedUntil;
              if (ends) toast.success(t('started', { time: time(ends) }));
            },
            onError: (err) => {
              setConfirming(false);
              toast.error(errorText(err, t));
            },
          })
        }
      />
    </section>
  );
}

function addMonths(d: Date, months: number): Date {
  const out = new Date(d);
  const day = out.getUTCDate();
  out.setUTCDate(1);
  out.setUTCMonth(out.getUTCMonth() + months);
  const last = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(day, last));
  return out;
}

/** Personal center -> Responsible trading: the user's own limits, a time-out and a self-exclusion. */
export default function ResponsibleTradingPage() {
  const { t } = useTranslation('limits');
  const limits = useLimits();
  let body;
  if (limits.isPending) body = <Loading />;
  else if (limits.isError) body = <ErrorState message={errorText(limits.error, t)} onRetry={() => void limits.refetch()} />;
  else
    body = (
      <>
        <section className="card settings-section">
          <p className="section-note" data-testid="limits-intro">
            {t('intro', { zone: limits.data.timezone })}
          </p>
        </section>
        <Pending data={limits.data} />
        <LimitsForm data={limits.data} />
        <Restriction kind="timeOut" data={limits.data} />
        <Restriction kind="selfExclusion" data={limits.data} />
      </>
    );
  return (
    <main className="page" data-testid="responsible-trading-page">
      <PageHeader title={t('title')} back />
      <div className="page__body">{body}</div>
    </main>
  );
}
