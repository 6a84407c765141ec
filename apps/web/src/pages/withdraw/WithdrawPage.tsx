import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { WithdrawalAccount } from '@candor/contracts';
import {
  AmountField,
  Button,
  EmptyState,
  ErrorState,
  FormAlert,
  Icon,
  Loading,
  MoneySummary,
  PageHeader,
  TradePasswordField,
  useToast,
  useTotpCode,
} from '../../components';
import { useRequestWithdrawal, useWithdrawalAccount } from '../../features/money/hooks';
import { HoldNotice, useHoldActive, useMoneyErrorText } from '../../features/money/parts';
import { tradePasswordProblem } from '../../features/money/validation';
import { amountIssue, amountLimits, wireAmount } from '../../lib/amount';
import { useWallet } from '../../features/trading/hooks';
import { isApiError } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { ROUTES } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { EmailConfirmBanner } from '../../features/auth/EmailConfirmBanner';
import { useKyc, useLiveKyc } from '../../features/kyc/hooks';
import { KycGate, kycPhase } from '../../features/kyc/KycStatus';
import styles from '../../features/money/money.module.css';

/** /pages/withdraw-money/withdraw-money: an amount from the available balance to the bound account. */
export default function WithdrawPage() {
  const { t } = useTranslation('money');
  const toast = useToast();
  const navigate = useNavigate();
  const moneyError = useMoneyErrorText();
  const wallet = useWallet();
  const account = useWithdrawalAccount();
  const request = useRequestWithdrawal();
  // Withdrawals need a verified account: until then the page says where verification stands and links to it.
  const kyc = useKyc();
  useLiveKyc();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ amount?: string | null; tradePassword?: string | null }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const holdActive = useHoldActive(account.data?.holdUntil);
  const available = wallet.data?.available;
  const { user } = useSession();
  const code = useTotpCode();
  // EMAIL_NOT_CONFIRMED: withdrawals wait for the confirmed address; the banner explains and sends a new link.
  const [emailNeeded, setEmailNeeded] = useState(false);
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Up to the available balance: more is reported beside the field, never cut to it.
  const limits = amountLimits('0.01', available ?? '0', 'balance');
  const blocked = amountIssue(amount, limits) !== null;

  // Submit opens the summary; only its confirm sends, the amount exactly as typed.
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const passwordKey = tradePasswordProblem(password);
    setErrors((er) => ({ ...er, tradePassword: passwordKey ? t(passwordKey) : null }));
    if (!code.take() || blocked || passwordKey) return;
    setConfirming(true);
  };

  const close = () => setConfirming(false);
  const send = () => {
    const wire = wireAmount(amount);
    if (wire === null) return;
    setServerError(null);
    request.mutate(
      { amount: wire, tradePassword: password, ...code.take() },
      {
        onSettled: close,
        onSuccess: () => {
          toast.success(t('withdraw.submitted'));
          void navigate(ROUTES.withdrawList);
        },
        onError: (err) => {
          const message = moneyError(err);
          if (isApiError(err) && (err.code === 'WITHDRAWAL_HOLD_ACTIVE' || err.code === 'WITHDRAWAL_ACCOUNT_NOT_BOUND')) void account.refetch();
          // KYC_REQUIRED: the verification changed since the page asked; asked again, the gate replaces the form.
          if (isApiError(err) && err.code === 'KYC_REQUIRED') void kyc.refetch();
          if (isApiError(err) && err.code === 'EMAIL_NOT_CONFIRMED') {
            setEmailNeeded(true);
            setServerError(message);
          } else if (isApiError(err) && err.code === 'TRADE_PASSWORD_INVALID') setErrors({ tradePassword: message });
          else if (isApiError(err) && err.field === 'amount') setErrors({ amount: message });
          else if (!code.refused(err, message)) setServerError(message);
        },
      },
    );
  };

  const phase = kyc.data ? kycPhase(kyc.data) : null;
  let body;
  if (account.isPending || wallet.isPending || kyc.isPending) body = <Loading />;
  else if (kyc.isError) body = <ErrorState message={errorText(kyc.error, t)} onRetry={() => void kyc.refetch()} />;
  else if (phase && phase !== 'verified') body = <KycGate phase={phase} />;
  else if (account.isError) body = <ErrorState message={errorText(account.error, t)} onRetry={() => void account.refetch()} />;
  else if (wallet.isError) body = <ErrorState message={errorText(wallet.error, t)} onRetry={() => void wallet.refetch()} />;
  else if (account.data === null) body = <NotBound />;
  else
    body = (
      <>
        <Available amount={available} />
        <HoldNotice holdUntil={account.data.holdUntil} />
        {emailNeeded || user?.emailConfirmed === false ? <EmailConfirmBanner email={user?.email ?? ''} title={t('user:email.withdrawTitle')} /> : null}
        <form className="card form" onSubmit={onSubmit} noValidate>
          <FormAlert message={serverError} />
          <WithdrawTo account={account.data} />
          <AmountField
            label={t('field.amount')}
            placeholder={t('prompt.amount')}
            value={amount}
            limits={limits}
            tried={tried}
            onChange={(text) => {
              setAmount(text);
              setErrors((er) => ({ ...er, amount: null }));
            }}
            error={errors.amount}
          />
          <TradePasswordField
            value={password}
            error={errors.tradePassword}
            onChange={(text) => {
              setPassword(text);
              setErrors((er) => ({ ...er, tradePassword: null }));
            }}
          />
          {code.field}
          <p className={styles.note}>{t('withdraw.note')}</p>
          <Button type="submit" block loading={request.isPending} disabled={holdActive || blocked} data-testid="withdraw-submit">
            {t('withdraw.submit')}
          </Button>
        </form>
        <WithdrawSummary open={confirming} busy={request.isPending} amount={amount} account={account.data} onConfirm={send} onCancel={close} />
      </>
    );

  return (
    <main className="page" data-testid="withdraw-page">
      <PageHeader title={t('title.withdraw')} back right={<RecordsLink />} />
      <div className="page__body">{body}</div>
    </main>
  );
}

/** What the withdrawal will request, to confirm: the amount as typed, the masked account, no fee, paid after review. */
function WithdrawSummary(props: { open: boolean; busy: boolean; amount: string; account: WithdrawalAccount; onConfirm(): void; onCancel(): void }) {
  const { t } = useTranslation('money');
  const { amount, account, ...dialog } = props;
  return (
    <MoneySummary
      {...dialog}
      confirmLabel={t('withdraw.submit')}
      rows={[
        { key: 'amount', label: t('common:summary.amount'), value: formatMoney(wireAmount(amount)) },
        {
          key: 'account',
          label: t('common:summary.account'),
          value: `${t(`type.${account.type}`)} ${account.network ?? account.bank ?? ''} ${account.masked}`,
        },
        { key: 'fee', label: t('common:summary.fee'), value: formatMoney('0') },
        { key: 'time', label: t('common:summary.time'), value: t('common:summary.withdraw') },
      ]}
    />
  );
}

function RecordsLink() {
  const { t } = useTranslation('money');
  return (
    <Link to={ROUTES.withdrawList} className="icon-btn" aria-label={t('withdraw.records')} data-testid="to-withdraw-list">
      <Icon name="records" size={22} />
    </Link>
  );
}

/** No withdrawal account bound yet: the way to bind one. */
function NotBound() {
  const { t } = useTranslation('money');
  return (
    <EmptyState
      icon="card"
      title={t('account.notBound')}
      description={t('account.notBoundText')}
      action={
        <Link to={ROUTES.accountDetail} className="btn btn--primary" data-testid="withdraw-bind">
          <span className="btn__label">{t('account.bind')}</span>
        </Link>
      }
    />
  );
}

function Available({ amount }: { amount: string | undefined }) {
  const { t } = useTranslation('money');
  return (
    <section className={styles.balance}>
      <span className={styles.balanceLabel}>{t('withdraw.available')}</span>
      <span className={styles.balanceValue} data-testid="withdraw-available">
        {formatMoney(amount)}
      </span>
    </section>
  );
}

/** The bound account the money goes to, linking to its details. */
function WithdrawTo({ account }: { account: WithdrawalAccount }) {
  const { t } = useTranslation('money');
  return (
    <div className="form">
      <span className="field__label">{t('withdraw.to')}</span>
      <Link to={ROUTES.account} className={styles.methodCard} data-testid="withdraw-method">
        <span>
          {t(`type.${account.type}`)} {account.network ?? account.bank ?? ''}
          <br />
          <span className={styles.accountMasked}>{account.masked}</span>
        </span>
        <Icon name="chevron" size={18} />
      </Link>
    </div>
  );
}
