import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { WithdrawalAccount } from '@candor/contracts';
import { Button, EmptyState, ErrorState, Field, FormAlert, Icon, Loading, PageHeader, useToast } from '../../components';
import { digitsOnly } from '../../lib/forms';
import { useRequestWithdrawal, useWithdrawalAccount } from '../../features/money/hooks';
import { HoldNotice, useHoldActive, useMoneyErrorText } from '../../features/money/parts';
import { amountOnBlur, amountProblem, tradePasswordProblem } from '../../features/money/validation';
import { amountInput } from '../../lib/amount';
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
  // EMAIL_NOT_CONFIRMED: withdrawals wait for the confirmed address; the banner explains and sends a new link.
  const [emailNeeded, setEmailNeeded] = useState(false);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const amountKey = amountProblem(amount, '0.01', available);
    const passwordKey = tradePasswordProblem(password);
    const range = { min: formatMoney('0.01'), max: formatMoney(available ?? '0') };
    setErrors({ amount: amountKey ? t(amountKey, range) : null, tradePassword: passwordKey ? t(passwordKey) : null });
    if (amountKey || passwordKey) return;
    setServerError(null);
    request.mutate(
      { amount, tradePassword: password },
      {
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
          else setServerError(message);
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
          <Field
            label={t('field.amount')}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('prompt.amount')}
            value={amount}
            onChange={(e) => {
              setAmount(amountInput(e.target.value));
              setErrors((er) => ({ ...er, amount: null }));
            }}
            onBlur={() => setAmount((a) => amountOnBlur(a, '0.01', available))}
            error={errors.amount}
            addon={
              <button type="button" className={styles.toggle} onClick={() => setAmount(available ?? '')} data-testid="withdraw-all">
                {t('withdraw.all')}
              </button>
            }
          />
          <Field
            label={t('field.tradePassword')}
            type="password"
            name="tradePassword"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            placeholder={t('prompt.tradePassword')}
            value={password}
            onChange={(e) => {
              setPassword(digitsOnly(e.target.value, 6));
              setErrors((er) => ({ ...er, tradePassword: null }));
            }}
            error={errors.tradePassword}
          />
          <p className={styles.note}>{t('withdraw.note')}</p>
          <Button type="submit" block loading={request.isPending} disabled={holdActive} data-testid="withdraw-submit">
            {t('withdraw.submit')}
          </Button>
        </form>
      </>
    );

  return (
    <main className="page" data-testid="withdraw-page">
      <PageHeader title={t('title.withdraw')} back right={<RecordsLink />} />
      <div className="page__body">{body}</div>
    </main>
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
