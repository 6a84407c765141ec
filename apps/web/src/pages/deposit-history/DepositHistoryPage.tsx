import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Icon, PageHeader } from '../../components';
import { useDeposits } from '../../features/money/hooks';
import { DepositCard } from '../../features/money/RequestCards';
import { RequestList } from '../../features/money/RequestList';
import { ROUTES } from '../../lib/paths';

/** /pages/withdraw-list/withdraw-open: every deposit request, newest first, with its progress. */
export default function DepositHistoryPage() {
  const { t } = useTranslation('money');
  const deposits = useDeposits();
  // Arriving from the deposit page: the request just filed offers its payment slip at once.
  const filed = (useLocation().state as { filed?: string } | null)?.filed;
  return (
    <main className="page" data-testid="deposit-list-page">
      <PageHeader
        title={t('title.depositList')}
        back
        right={
          <Link to={ROUTES.deposit} className="icon-btn" aria-label={t('nav.deposit')} data-testid="to-deposit">
            <Icon name="wallet" size={22} />
          </Link>
        }
      />
      <RequestList
        query={deposits}
        testId="deposit-list"
        render={(d) => <DepositCard deposit={d} offerSlip={d.id === filed} />}
        emptyAction={
          <Link to={ROUTES.deposit} className="btn btn--secondary">
            <span className="btn__label">{t('nav.deposit')}</span>
          </Link>
        }
      />
    </main>
  );
}
