import { useTranslation } from 'react-i18next';
import { useOperator } from '../../lib/auth/AuthProvider';
import { can } from '../../lib/auth/access';
import { ErrorState, Loading } from '../../components/States';
import { useEarnDashboard } from './earnApi';
import { inZone } from './rate';

/** Yu'e Bao's figures for the dashboard: shares, the last income paid, what the next posting pays. Shown to earn.read only. */
export function EarnDashboardCard() {
  const { t, i18n } = useTranslation('consoleEarn');
  const allowed = can(useOperator(), 'earn.read');
  const q = useEarnDashboard(allowed);
  if (!allowed) return null;
  return (
    <section className="card" aria-labelledby="earn-dashboard-title" data-testid="earn-dashboard">
      <div className="card-head">
        <h2 id="earn-dashboard-title">{t('dashboard.title')}</h2>
        <a className="btn btn-small" href="#/earn">
          {t('dashboard.settings')}
        </a>
      </div>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <dl className="facts">
          <dt>{t('dashboard.confirmed')}</dt>
          <dd className="num" data-testid="earn-dash-confirmed">
            {q.data.confirmed}
          </dd>
          <dt>{t('dashboard.pending')}</dt>
          <dd className="num" data-testid="earn-dash-pending">
            {q.data.pending}
          </dd>
          <dt>{t('dashboard.holders')}</dt>
          <dd className="num">{q.data.holders}</dd>
          {/* Before the first posting there is no day to name, and nothing was paid. */}
          <dt>{q.data.incomeDate ? t('dashboard.yesterdayIncome', { date: q.data.incomeDate }) : t('dashboard.lastIncomeNone')}</dt>
          <dd className="num" data-testid="earn-dash-yesterday">
            {q.data.incomeDate ? q.data.yesterdayIncome : '—'}
          </dd>
          <dt>{t('dashboard.nextExpected', { date: q.data.nextIncomeDate })}</dt>
          <dd className="num" data-testid="earn-dash-next">
            {q.data.nextPostingExpected}
          </dd>
          <dt>{t('dashboard.nextPostingAt')}</dt>
          {/* In the platform's zone, as the rules and the settings page state the cut-off. */}
          <dd className="num" data-testid="earn-dash-next-at">
            {inZone(q.data.nextPostingAt, q.data.timezone, i18n.language)}
          </dd>
          <dt>{t('dashboard.paidTotal')}</dt>
          <dd className="num">{q.data.interestExpenseTotal}</dd>
        </dl>
      )}
    </section>
  );
}
