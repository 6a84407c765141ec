import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ErrorState, Loading, PageHeader, useToast } from '../../components';
import { AccountForm } from '../../features/money/AccountForm';
import { useWithdrawalAccount } from '../../features/money/hooks';
import { errorText } from '../../lib/errors';
import { ROUTES } from '../../lib/paths';

/** /pages/account/account-detail: bind the first withdrawal account, or change the bound one. */
export default function EditWithdrawalAccountPage() {
  const { t } = useTranslation('money');
  const toast = useToast();
  const navigate = useNavigate();
  const account = useWithdrawalAccount();
  const bound = account.data ?? null;
  return (
    <main className="page" data-testid="account-detail-page">
      <PageHeader title={bound ? t('title.change') : t('title.bind')} back />
      <div className="page__body">
        {account.isPending ? (
          <Loading />
        ) : account.isError ? (
          <ErrorState message={errorText(account.error, t)} onRetry={() => void account.refetch()} />
        ) : (
          <AccountForm
            current={bound}
            onSaved={(saved) => {
              toast.success(t('account.saved'));
              if (saved.warning) toast.info(t(`warning.${saved.warning}`));
              void navigate(ROUTES.account, { replace: true });
            }}
          />
        )}
      </div>
    </main>
  );
}
