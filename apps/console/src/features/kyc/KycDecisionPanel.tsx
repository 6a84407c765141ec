import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_REJECT_REASONS, type AdminKycSubmission } from '@candor/contracts';
import { ApiError } from '../../lib/api/client';
import { useDecideKyc, type KycDecision } from './kycApi';
import { EMPTY_REJECT, MESSAGE_MAX, NOTE_MAX, rejectBody, type RejectDraft, type RejectProblem } from './rejectForm';

/** What the page says after a decision (or a refusal such as ALREADY_DECIDED). */
export type KycFlash = { tone: 'ok' | 'bad'; text: string };

/** Approve (after a confirmation) or reject with a reason, a message to the user, an internal note, and retry or final. */
export function KycDecisionPanel({ submission, onFlash }: { submission: AdminKycSubmission; onFlash(f: KycFlash): void }) {
  const { t } = useTranslation(['consoleKyc', 'console']);
  const decide = useDecideKyc(submission.id);
  const [confirming, setConfirming] = useState(false);

  function send(decision: KycDecision) {
    decide.mutate(decision, {
      onSuccess: () => {
        setConfirming(false);
        const key = decision.action === 'approve' ? 'decide.approved' : decision.final ? 'decide.rejectedFinal' : 'decide.rejected';
        onFlash({ tone: 'ok', text: t(key, { name: submission.name }) });
      },
      onError: (e) => {
        // Another reviewer was faster: the page shows the submission as it now is.
        if (e instanceof ApiError && e.code === 'ALREADY_DECIDED') onFlash({ tone: 'bad', text: t('decide.alreadyDecided') });
      },
    });
  }
  const error = decide.error instanceof ApiError && decide.error.code === 'ALREADY_DECIDED' ? null : decide.error;

  return (
    <section className="card kyc-decision" data-testid="kyc-decision" aria-labelledby="kyc-decision-title">
      <h2 id="kyc-decision-title">{t('decide.title')}</h2>
      {error ? (
        <p className="notice notice-error" role="alert" data-testid="kyc-decision-error">
          {error instanceof ApiError ? error.message : t('console:errors.unknown')}
        </p>
      ) : null}
      <div className="kyc-approve">
        {confirming ? (
          <div className="notice notice-info" role="alertdialog" aria-labelledby="kyc-approve-question" data-testid="kyc-approve-confirm">
            <p id="kyc-approve-question">{t('decide.approveConfirm', { name: submission.name })}</p>
            <div className="button-row">
              <button type="button" className="btn" onClick={() => setConfirming(false)} disabled={decide.isPending}>
                {t('decide.cancel')}
              </button>
              <button
                type="button"
                className="btn btn-primary"
                data-testid="kyc-approve-yes"
                disabled={decide.isPending}
                onClick={() => send({ action: 'approve' })}
              >
                {decide.isPending ? t('decide.working') : t('decide.approveYes')}
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="btn btn-primary btn-block" data-testid="kyc-approve" disabled={decide.isPending} onClick={() => setConfirming(true)}>
            {t('decide.approve')}
          </button>
        )}
      </div>
      <RejectForm pending={decide.isPending} onReject={(body) => send({ action: 'reject', ...body })} />
    </section>
  );
}

function RejectForm({ pending, onReject }: { pending: boolean; onReject(body: Omit<Extract<KycDecision, { action: 'reject' }>, 'action'>): void }) {
  const { t } = useTranslation(['consoleKyc', 'console']);
  const [draft, setDraft] = useState<RejectDraft>(EMPTY_REJECT);
  const [problem, setProblem] = useState<RejectProblem | null>(null);
  const edit = (patch: Partial<RejectDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setProblem(null);
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    const answer = rejectBody(draft);
    if ('problem' in answer) return setProblem(answer.problem);
    onReject(answer.body);
  }

  return (
    <form className="kyc-reject" onSubmit={submit} data-testid="kyc-reject-form" noValidate>
      <h3>{t('decide.rejectTitle')}</h3>
      <label className="field">
        <span>
          {t('decide.reason')} <span className="required">*</span>
        </span>
        <select name="reason" value={draft.reason} aria-invalid={problem === 'reason'} onChange={(e) => edit({ reason: e.target.value })}>
          <option value="">{t('decide.reasonPick')}</option>
          {KYC_REJECT_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`reasons.${r}`)}
            </option>
          ))}
        </select>
        {problem === 'reason' ? <FieldError text={t('decide.reasonRequired')} /> : null}
      </label>
      <label className="field">
        <span>{t('decide.message')}</span>
        <textarea
          name="message"
          rows={3}
          maxLength={MESSAGE_MAX}
          value={draft.message}
          aria-invalid={problem === 'message'}
          onChange={(e) => edit({ message: e.target.value })}
        />
        <small className="muted">{t('decide.messageHint')}</small>
        {problem === 'message' ? <FieldError text={t('decide.messageRequired')} /> : null}
      </label>
      <label className="field kyc-internal-field">
        <span>
          {t('decide.note')} <span className="pill pill-muted">{t('decide.internal')}</span>
        </span>
        <textarea
          name="note"
          rows={2}
          maxLength={NOTE_MAX}
          value={draft.note}
          aria-invalid={problem === 'note'}
          onChange={(e) => edit({ note: e.target.value })}
        />
        <small className="muted">{t('decide.noteHint')}</small>
        {problem === 'note' ? <FieldError text={t('decide.noteTooLong')} /> : null}
      </label>
      <label className={`kyc-final${draft.final ? ' checked' : ''}`}>
        <input type="checkbox" name="final" checked={draft.final} onChange={(e) => edit({ final: e.target.checked })} />
        <span>
          <strong>{t('decide.final')}</strong>
          <small>{t('decide.finalHint')}</small>
        </span>
      </label>
      <button type="submit" className="btn btn-danger btn-block" data-testid="kyc-reject" data-final={draft.final} disabled={pending}>
        {pending ? t('decide.working') : draft.final ? t('decide.rejectFinal') : t('decide.reject')}
      </button>
    </form>
  );
}

function FieldError({ text }: { text: string }) {
  return (
    <span className="field-error" role="alert">
      {text}
    </span>
  );
}
