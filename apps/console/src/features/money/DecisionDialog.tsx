import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client';
import type { Decision } from './moneyApi';

interface Props {
  action: Decision['action'];
  title: string;
  /** What approving or rejecting does, in a sentence or two. */
  notes: string[];
  pending: boolean;
  error: unknown;
  onConfirm(decision: Decision): void;
  onCancel(): void;
}

/** The confirmation before money moves; a rejection asks for the reason the user will read. */
export function DecisionDialog({ action, title, notes, pending, error, onConfirm, onCancel }: Props) {
  const { t } = useTranslation(['consoleMoney', 'console']);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => (reasonRef.current ?? cancelRef.current)?.focus(), []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !pending) onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel, pending]);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (action === 'approve') return onConfirm({ action });
    if (!reason.trim()) return setMissing(true);
    onConfirm({ action, reason: reason.trim() });
  }

  return (
    <div className="dialog-backdrop">
      <form className="dialog card" role="dialog" aria-modal="true" aria-labelledby="decision-title" onSubmit={submit} data-testid="decision-dialog">
        <h2 id="decision-title">{title}</h2>
        {notes.map((n) => (
          <p key={n}>{n}</p>
        ))}
        {action === 'reject' ? (
          <label className="field">
            <span>
              {t('review.rejectReason')} <span className="required">*</span>
            </span>
            <textarea
              ref={reasonRef}
              name="reason"
              rows={3}
              maxLength={500}
              value={reason}
              aria-invalid={missing}
              onChange={(e) => {
                setReason(e.target.value);
                setMissing(false);
              }}
            />
            {missing ? (
              <span className="field-error" role="alert">
                {t('review.rejectReasonRequired')}
              </span>
            ) : null}
          </label>
        ) : null}
        {error ? (
          <p className="notice notice-error" role="alert" data-testid="decision-error">
            {error instanceof ApiError ? error.message : t('console:errors.unknown')}
          </p>
        ) : null}
        <div className="button-row">
          <button type="button" className="btn" onClick={onCancel} disabled={pending} ref={cancelRef}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={`btn ${action === 'reject' ? 'btn-danger' : 'btn-primary'}`} disabled={pending} data-testid="decision-confirm">
            {pending ? t('review.working') : action === 'reject' ? t('review.reject') : t('review.approve')}
          </button>
        </div>
      </form>
    </div>
  );
}
