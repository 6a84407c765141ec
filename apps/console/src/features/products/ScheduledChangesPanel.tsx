import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminProduct, ScheduledChange } from '@candor/contracts';
import { ApiError } from '../../lib/api/client';
import { useCancelScheduledChange } from '../../lib/api/queries';
import { formatInstant } from '../../lib/format';
import { describeChange, timeLeft, type ChangeLabels, type ChangeText } from '../../lib/scheduledText';

/** The clock the "time left" column counts down from, read again every `everyMs`. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}

type Notice = { kind: 'info' | 'warn' | 'error'; text: string };

/**
 * The product's pending catalogue changes, earliest first: what changes, from what to what, when, and how long
 * until then. Each is public until it takes effect; an admin may cancel one before it does.
 */
export function ScheduledChangesPanel({ product, canEdit }: { product: AdminProduct; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const cancel = useCancelScheduledChange(product.symbol);
  const [notice, setNotice] = useState<Notice | null>(null);
  const now = useNow(15_000);
  const changes = product.scheduledChanges;
  const labels: ChangeLabels = { allDay: t('products.allDay'), simulated: t('products.simulated'), none: t('products.scheduled.none') };

  function onCancel(c: ScheduledChange, text: ChangeText) {
    const field = t(`products.fields.${c.field}`);
    const { local } = formatInstant(c.effectiveAt);
    if (!window.confirm(t('products.scheduled.confirmCancel', { field, from: text.from, to: text.to, time: local }))) return;
    setNotice(null);
    cancel.mutate(c.id, {
      onSuccess: () => setNotice({ kind: 'info', text: t('products.scheduled.cancelled', { field }) }),
      onError: (e) =>
        setNotice(
          e instanceof ApiError && e.code === 'ALREADY_DECIDED'
            ? { kind: 'warn', text: t('products.scheduled.alreadyDecided') }
            : { kind: 'error', text: e.message },
        ),
    });
  }

  return (
    <section className="card scheduled-panel" data-testid="scheduled-changes" data-count={changes.length} aria-labelledby="scheduled-changes-title">
      <h2 id="scheduled-changes-title">
        {t('products.scheduled.title')} {changes.length ? <span className="pill pill-info">{changes.length}</span> : null}
      </h2>
      <p className="muted small">{t('products.scheduled.explain')}</p>
      {notice ? (
        <p className={`notice notice-${notice.kind}`} role="status" data-testid="scheduled-notice" data-kind={notice.kind}>
          {notice.text}
        </p>
      ) : null}
      {changes.length === 0 ? (
        <p className="muted" data-testid="scheduled-empty">
          {t('products.scheduled.empty')}
        </p>
      ) : (
        <div className="table-wrap">
          <table className="scheduled-table">
            <thead>
              <tr>
                <th>{t('products.scheduled.field')}</th>
                <th>{t('products.scheduled.change')}</th>
                <th>{t('products.scheduled.effectiveAt')}</th>
                <th>{t('products.scheduled.left')}</th>
                <th>
                  <span className="sr-only">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {changes.map((c) => {
                const text = describeChange(c, i18n.language, labels);
                const at = formatInstant(c.effectiveAt);
                const left = timeLeft(c.effectiveAt, now, i18n.language);
                return (
                  <tr key={c.id} data-testid="scheduled-change" data-id={c.id} data-field={c.field}>
                    <td data-label={t('products.scheduled.field')}>
                      <strong>{t(`products.fields.${c.field}`)}</strong>
                    </td>
                    <td data-label={t('products.scheduled.change')} className="change-cell">
                      <ChangeValues text={text} />
                    </td>
                    <td data-label={t('products.scheduled.effectiveAt')} className="nowrap">
                      <time dateTime={c.effectiveAt}>{at.local}</time>
                      <div className="muted small">{t('products.utcTime', { time: at.utc })}</div>
                    </td>
                    <td data-label={t('products.scheduled.left')} className="nowrap" data-testid="time-left">
                      {left ? t('products.scheduled.inTime', { time: left }) : t('products.scheduled.due')}
                    </td>
                    <td>
                      {canEdit ? (
                        <button
                          type="button"
                          className="btn btn-small"
                          data-testid="cancel-change"
                          disabled={cancel.isPending}
                          onClick={() => onCancel(c, text)}
                        >
                          {cancel.isPending && cancel.variables === c.id ? t('products.scheduled.cancelling') : t('products.scheduled.cancel')}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** From -> to; holidays by the dates added and removed, since the whole lists can run long. */
function ChangeValues({ text }: { text: ChangeText }) {
  const { t } = useTranslation();
  if (text.added.length || text.removed.length) {
    return (
      <div data-testid="change-text">
        {text.added.length ? <div className="change-to">{t('products.scheduled.added', { dates: text.added.join(', ') })}</div> : null}
        {text.removed.length ? <div className="change-from">{t('products.scheduled.removed', { dates: text.removed.join(', ') })}</div> : null}
      </div>
    );
  }
  return (
    <div data-testid="change-text">
      <span className="change-from">{text.from}</span> → <span className="change-to">{text.to}</span>
    </div>
  );
}
