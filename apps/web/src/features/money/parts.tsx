import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { MoneyRequestStatus, TimelineStep } from '@candor/contracts';
import { Icon } from '../../components';
import { errorText } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useServerNow } from '../../lib/serverClock';
import { formatCountdown, msLeft, refusalEnd, statusTone } from './display';
import styles from './money.module.css';

/** An ISO time in the reader's language ("2026/01/02 14:05"). */
export function useFormatTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useCallback((iso: string) => formatDateTime(new Date(iso), i18n.language), [i18n.language]);
}

export function StatusBadge({ status }: { status: MoneyRequestStatus | TimelineStep['status'] }) {
  const { t } = useTranslation('money');
  return (
    <span className={`${styles.status} ${styles[`tone-${statusTone(status)}`] ?? ''}`} data-testid="status" data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}

/** The status changes of a request, oldest first, each with its time (and reason). */
export function Timeline({ steps }: { steps: TimelineStep[] }) {
  const { t } = useTranslation('money');
  const time = useFormatTime();
  return (
    <ol className={styles.timeline} aria-label={t('list.timeline')} data-testid="timeline">
      {steps.map((s, i) => (
        <li key={`${s.status}-${s.at}-${i}`} className={styles.step} data-testid="timeline-step" data-status={s.status}>
          <div className={styles.stepHead}>
            <span>{t(`status.${s.status}`)}</span>
            <time className={styles.stepTime} dateTime={s.at}>
              {time(s.at)}
            </time>
          </div>
          {s.reason ? <p className={styles.stepReason}>{s.reason}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/** The 24-hour withdrawal hold after an account change: a live countdown and the time it ends. */
export function HoldNotice({ holdUntil }: { holdUntil: string | null | undefined }) {
  const { t } = useTranslation('money');
  const time = useFormatTime();
  const active = !!holdUntil && msLeft(holdUntil, Date.now()) > 0;
  const now = useServerNow(1000, active);
  const left = msLeft(holdUntil, now);
  if (!holdUntil || left <= 0) return null;
  return (
    <div className={styles.hold} role="status" data-testid="hold-notice">
      <span className={styles.holdTitle}>
        <Icon name="clock" size={18} />
        {t('hold.title')}
      </span>
      <span className={styles.countdown} data-testid="hold-countdown">
        {formatCountdown(left)}
      </span>
      <span data-testid="hold-until">{t('hold.ends', { time: time(holdUntil) })}</span>
    </div>
  );
}

/** Whether a hold is running now (re-checked every second while it does). */
export function useHoldActive(holdUntil: string | null | undefined): boolean {
  const running = !!holdUntil && msLeft(holdUntil, Date.now()) > 0;
  const now = useServerNow(1000, running);
  return msLeft(holdUntil, now) > 0;
}

/** The server's message, plus the time a lock or hold ends when the refusal carries one. */
export function useMoneyErrorText(): (err: unknown) => string {
  const { t } = useTranslation('money');
  const time = useFormatTime();
  return useCallback(
    (err: unknown) => {
      const text = errorText(err, t);
      const end = refusalEnd(err);
      return end ? `${text} ${t(end.key, { time: time(end.until) })}` : text;
    },
    [t, time],
  );
}
