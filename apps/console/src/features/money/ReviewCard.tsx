import { useTranslation } from 'react-i18next';
import type { AdminDeposit, AdminWithdrawal, Operator } from '@candor/contracts';
import { formatDateTimeShort } from '../../lib/format';
import { can, REVIEW_PERMISSION, USER_MONEY_PERMISSION } from '../../lib/auth/access';
import { DecisionDialog } from './DecisionDialog';
import { DepositSlip } from './DepositSlip';
import { UserMoneyPanel } from './UserMoneyPanel';
import type { ReviewItem, ReviewKind } from './moneyApi';
import { useReviewDecision, type Flash } from './useReviewDecision';

const STATUS_PILL: Record<string, string> = { in_review: 'pill-warn', successful: 'pill-ok', failed: 'pill-bad', cancelled: 'pill-muted' };

function isWithdrawal(kind: ReviewKind, item: ReviewItem): item is AdminWithdrawal {
  return kind === 'withdrawals' && 'account' in item;
}

/** One request with what the reviewer needs beside it, and its approve / reject actions. */
export function ReviewCard({ kind, item, operator, onFlash }: { kind: ReviewKind; item: ReviewItem; operator: Operator; onFlash(f: Flash): void }) {
  const { t } = useTranslation(['consoleMoney', 'console', 'errors']);
  const decision = useReviewDecision(kind, item, onFlash);
  const { dialog } = decision;
  const w = isWithdrawal(kind, item) ? item : null;
  // Four eyes apply to deposits and withdrawals alike (by the amount, or the sum one operator approved for the user lately).
  const twoPerson = item.approvalsRequired > 1;
  const approvedByMe = item.firstApproverId === operator.id;
  // Read-only roles (finance) see the queue without the decisions.
  const open = item.status === 'in_review' && can(operator, REVIEW_PERMISSION[kind]);

  const notes =
    dialog === 'reject'
      ? [w ? t('review.rejectWithdrawalNote') : t('review.rejectDepositNote')]
      : w
        ? [t('review.confirmApproveWithdrawal', { amount: item.amount }), ...(twoPerson && item.approvals === 0 ? [t('review.confirmApproveFirst')] : [])]
        : [
            t('review.confirmApproveDeposit', { amount: item.amount, email: item.userEmail }),
            ...(twoPerson && item.approvals === 0 ? [t('review.confirmApproveFirst')] : []),
          ];

  return (
    <article className="card review-card" data-testid="review-item" data-order-no={item.orderNo} data-status={item.status} data-id={item.id}>
      <header className="review-head">
        <div>
          <div className="review-amount num">{item.amount}</div>
          <div className="muted small">
            {t('review.orderNo')} <code>{item.orderNo}</code>
          </div>
        </div>
        <span className={`pill ${STATUS_PILL[item.status] ?? 'pill-muted'}`}>{t(`status.${item.status}`)}</span>
      </header>
      {item.status === 'in_review' && item.approvals > 0 ? (
        <p className="notice notice-info small" data-testid="waiting-second">
          {t('review.waitingSecond')}
        </p>
      ) : null}
      <div className="review-body">
        <div className="review-request">
          <ReviewFacts item={item} withdrawal={w} approvedByMe={approvedByMe} />
          {!w && (item as AdminDeposit).slip ? <DepositSlip depositId={item.id} orderNo={item.orderNo} /> : null}
        </div>
        <UserMoneyPanel userId={item.userId} balances={item.balances} full={can(operator, USER_MONEY_PERMISSION)} />
      </div>
      {open ? (
        <footer className="button-row review-actions">
          {approvedByMe ? <p className="notice notice-info small">{t('review.needsSecond')}</p> : null}
          <button type="button" className="btn btn-primary" data-testid="approve" onClick={() => decision.open('approve')}>
            {item.approvals > 0 ? t('review.approveSecond') : t('review.approve')}
          </button>
          <button type="button" className="btn btn-danger" data-testid="reject" onClick={() => decision.open('reject')}>
            {t('review.reject')}
          </button>
        </footer>
      ) : null}
      {dialog ? (
        <DecisionDialog
          action={dialog}
          title={t(dialog === 'approve' ? 'review.confirmApproveTitle' : 'review.confirmRejectTitle', { orderNo: item.orderNo })}
          notes={notes}
          pending={decision.pending}
          error={decision.error}
          onConfirm={decision.confirm}
          onCancel={decision.close}
        />
      ) : null}
    </article>
  );
}

/** Who asked, when, and what the request says: the deposit's method, or the withdrawal's account and approvals. */
function ReviewFacts({ item, withdrawal: w, approvedByMe }: { item: ReviewItem; withdrawal: AdminWithdrawal | null; approvedByMe: boolean }) {
  const { t } = useTranslation(['consoleMoney', 'console', 'errors']);
  const d = w ? null : (item as AdminDeposit);
  const twoPerson = item.approvalsRequired > 1;
  return (
    <dl className="facts review-facts">
      <div>
        <dt>{t('review.user')}</dt>
        <dd>
          {item.userEmail}
          <div className="muted small">
            <code>{item.userId}</code>
          </div>
        </dd>
      </div>
      <div>
        <dt>{t('review.createdAt')}</dt>
        <dd className="nowrap">{formatDateTimeShort(item.createdAt)}</dd>
      </div>
      {item.decidedAt ? (
        <div>
          <dt>{t('review.decidedAt')}</dt>
          <dd className="nowrap">{formatDateTimeShort(item.decidedAt)}</dd>
        </div>
      ) : null}
      {item.reason ? (
        <div>
          <dt>{t('review.reason')}</dt>
          <dd data-testid="review-reason">{item.reason}</dd>
        </div>
      ) : null}
      {d ? (
        <>
          <div>
            <dt>{t('review.method')}</dt>
            <dd>
              {d.method.name} <span className="muted small">({t(`methods.types.${d.method.type}`)})</span>
            </dd>
          </div>
          <div>
            <dt>{t('review.reference')}</dt>
            <dd>{d.reference ?? t('review.none')}</dd>
          </div>
        </>
      ) : null}
      {w ? <AccountFacts account={w.account} /> : null}
      {twoPerson || item.approvals > 0 ? (
        <div>
          <dt>{t('review.approvals', { done: item.approvals, required: item.approvalsRequired })}</dt>
          <dd data-testid="two-person" data-approvals={item.approvals}>
            {item.firstApproverId ? t('review.firstApprover', { who: approvedByMe ? t('review.you') : item.firstApproverId }) : t('review.twoPerson')}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The account a withdrawal pays to, as it was when requested. */
function AccountFacts({ account }: { account: AdminWithdrawal['account'] }) {
  const { t } = useTranslation(['consoleMoney', 'console', 'errors']);
  // The account snapshot is stored with snake_case keys; the api's field labels are camelCase.
  const accountLabel = (key: string) => {
    const field = key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
    return t(`errors:fields.${field}` as 'errors:fields.bank', { defaultValue: key });
  };
  return (
    <div className="review-account">
      <dt>{t('review.account')}</dt>
      <dd>
        <dl className="account-details" data-testid="account-details">
          {Object.entries(account)
            .filter(([, v]) => v !== null && v !== '')
            .map(([k, v]) => (
              <div key={k}>
                <dt>{accountLabel(k)}</dt>
                <dd>
                  <code>{k === 'type' && (v === 'bank' || v === 'crypto') ? t(`methods.types.${v}`) : v}</code>
                </dd>
              </div>
            ))}
        </dl>
      </dd>
    </div>
  );
}
