import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client';
import { useDecide, type Decision, type ReviewItem, type ReviewKind } from './moneyApi';

/** A message the review page shows above the queue after a decision. */
export type Flash = { tone: 'ok' | 'bad'; text: string };
// Refusals that end the dialog: the request changed under the reviewer, so the page says why.
const REFUSALS = ['ALREADY_DECIDED', 'SECOND_APPROVER_REQUIRED'] as const;

/** One request's approve / reject dialog and the decision it sends; the outcome goes to `onFlash`. */
export function useReviewDecision(kind: ReviewKind, item: ReviewItem, onFlash: (f: Flash) => void) {
  const { t } = useTranslation(['consoleMoney', 'console', 'errors']);
  const decide = useDecide(kind);
  const [dialog, setDialog] = useState<Decision['action'] | null>(null);

  function confirm(decision: Decision) {
    decide.mutate(
      { id: item.id, userId: item.userId, decision },
      {
        onSuccess: (res) => {
          setDialog(null);
          const stillInReview = (res as { status?: string } | undefined)?.status === 'in_review';
          const key = decision.action === 'reject' ? 'review.rejected' : stillInReview ? 'review.approvedOnce' : 'review.approved';
          onFlash({ tone: 'ok', text: t(key, { orderNo: item.orderNo }) });
        },
        onError: (e) => {
          const code = e instanceof ApiError ? REFUSALS.find((c) => c === e.code) : undefined;
          if (!code) return; // shown in the dialog, which stays open
          setDialog(null);
          onFlash({ tone: 'bad', text: t(`review.refused.${code}`) });
        },
      },
    );
  }

  /** Opens the dialog afresh (no error left from an earlier try). */
  const open = (action: Decision['action']) => {
    decide.reset();
    setDialog(action);
  };

  return { dialog, open, close: () => setDialog(null), confirm, pending: decide.isPending, error: decide.error };
}
