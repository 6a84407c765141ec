import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDashboard, DashboardQueue, OperatorPermission } from '@candor/contracts';
import { useOperator } from '../../lib/auth/AuthProvider';
import { can, PAGE_PERMISSION } from '../../lib/auth/access';
import { ErrorState, Loading } from '../../components/States';
import { formatDateTime } from '../../lib/format';
import { ageParts, resultClass } from './age';
import { useDashboard } from './dashboardApi';
import { TransparencyCard } from './TransparencyCard';
import './dashboard.css';

// recharts loads with the chart only.
const HouseChart = lazy(() => import('./HouseChart'));

/** One figure: its name, its value, a line under it, and a link to its page for an operator who may open it. */
function Figure(props: { id: string; label: string; value: ReactNode; valueClass?: string; sub?: ReactNode; to?: string; permission?: OperatorPermission }) {
  const { t } = useTranslation('consoleDashboard');
  const operator = useOperator();
  const linked = props.to !== undefined && (!props.permission || can(operator, props.permission));
  return (
    <section className="card figure" data-testid={`figure-${props.id}`} aria-labelledby={`figure-${props.id}-label`}>
      <h2 className="figure-label" id={`figure-${props.id}-label`}>
        {props.label}
      </h2>
      <div className={`figure-value num ${props.valueClass ?? ''}`} data-testid={`figure-${props.id}-value`}>
        {props.value}
      </div>
      {props.sub ? <div className="figure-sub small muted">{props.sub}</div> : null}
      {linked ? (
        <a className="figure-link small" href={`#${props.to}`} data-testid={`figure-${props.id}-link`}>
          {t('open')} →
        </a>
      ) : null}
    </section>
  );
}

function QueueFigure({ id, label, queue, to, permission }: { id: string; label: string; queue: DashboardQueue; to: string; permission: OperatorPermission }) {
  const { t } = useTranslation('consoleDashboard');
  const age = queue.oldestAgeSeconds === null ? null : ageParts(queue.oldestAgeSeconds);
  return (
    <Figure
      id={id}
      label={label}
      value={queue.count}
      to={to}
      permission={permission}
      sub={<span data-testid={`figure-${id}-oldest`}>{age ? t('oldest', { age: t(age.key, age) }) : t('noneWaiting')}</span>}
    />
  );
}

/** The platform's figures of `GET /api/admin/dashboard` (dashboard.read). */
export function DashboardFigures() {
  const { t } = useTranslation('consoleDashboard');
  const q = useDashboard();
  if (q.isPending) return <Loading />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  const d: AdminDashboard = q.data;
  return (
    <div data-testid="dashboard-figures" data-generated-at={d.generatedAt}>
      <div className="dashboard-meta small muted">
        <span data-testid="dashboard-today">{t('today', { date: d.today, timezone: d.timezone })}</span>{' '}
        <span>{t('updated', { time: formatDateTime(d.generatedAt) })}</span>{' '}
        <button type="button" className="btn btn-small" onClick={() => void q.refetch()} disabled={q.isFetching}>
          {t('refresh')}
        </button>
      </div>
      <div className="figures">
        <Figure id="new-users" label={t('newUsers')} value={d.users.newToday} to="/users" permission="users.read" />
        <QueueFigure id="deposits" label={t('deposits')} queue={d.queues.deposits} to="/deposits" permission={PAGE_PERMISSION.deposits} />
        <QueueFigure id="withdrawals" label={t('withdrawals')} queue={d.queues.withdrawals} to="/withdrawals" permission={PAGE_PERMISSION.withdrawals} />
        <QueueFigure id="kyc" label={t('kyc')} queue={d.queues.kyc} to="/kyc" permission={PAGE_PERMISSION.kyc} />
        <Figure
          id="open-orders"
          label={t('openOrders')}
          value={d.openOrders.real.count}
          sub={
            <>
              <span data-testid="figure-open-orders-stake">{t('openStake', { amount: d.openOrders.real.stake })}</span>
              <br />
              <span data-testid="figure-open-orders-demo">{t('demoOpen', { count: d.openOrders.demo.count, amount: d.openOrders.demo.stake })}</span>
            </>
          }
          to="/users"
          permission="users.read"
        />
        <Figure
          id="house"
          label={t('houseToday')}
          value={d.house.today}
          valueClass={resultClass(d.house.today)}
          sub={<span data-testid="figure-house-30">{t('house30', { amount: d.house.last30Days })}</span>}
        />
        <Figure
          id="earn"
          label={t('earn')}
          value={d.earn.balance}
          sub={
            <>
              {t('earnSplit', { confirmed: d.earn.confirmed, pending: d.earn.pending })}
              <br />
              <span data-testid="figure-earn-today">{t('incomeToday', { amount: d.earn.incomeToday })}</span>
              <br />
              <span data-testid="figure-earn-total">{t('incomeTotal', { amount: d.earn.incomeTotal })}</span>
            </>
          }
          to="/earn"
          permission="earn.read"
        />
        <Figure
          id="ledger"
          label={t('ledger')}
          value={d.ledger ? (d.ledger.ok ? t('ledgerOk') : t('ledgerBad')) : '—'}
          valueClass={d.ledger ? (d.ledger.ok ? 'text-ok' : 'text-bad') : ''}
          sub={
            d.ledger ? (
              <span data-testid="figure-ledger-detail">
                {formatDateTime(d.ledger.checkedAt)} · {t('accounts', { count: d.ledger.accounts })} · {t('imbalance', { amount: d.ledger.imbalance })}
              </span>
            ) : (
              t('ledgerNone')
            )
          }
        />
      </div>
      <div className="grid-2">
        <section className="card" aria-labelledby="house-chart-title">
          <h2 id="house-chart-title">{t('chartTitle')}</h2>
          <p className="muted small">{t('houseExplain')}</p>
          <Suspense fallback={<Loading />}>
            <HouseChart days={d.house.byDay} />
          </Suspense>
        </section>
        <JobsCard jobs={d.jobs} />
      </div>
      <TransparencyCard figures={d.transparency} />
    </div>
  );
}

function JobsCard({ jobs }: { jobs: AdminDashboard['jobs'] }) {
  const { t } = useTranslation('consoleDashboard');
  const operator = useOperator();
  return (
    <section className="card" aria-labelledby="jobs-title" data-testid="figure-jobs">
      <div className="card-head">
        <h2 id="jobs-title">{t('jobs')}</h2>
        {can(operator, 'ops.queues') ? (
          <a className="figure-link small" href="#/queues" data-testid="figure-jobs-link">
            {t('open')} →
          </a>
        ) : null}
      </div>
      {jobs === null ? (
        <p className="text-bad">{t('jobsUnknown')}</p>
      ) : (
        <table className="small">
          <thead>
            <tr>
              <th scope="col">{t('queue')}</th>
              <th scope="col" className="num">
                {t('waiting')}
              </th>
              <th scope="col" className="num">
                {t('failed')}
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((j) => (
              <tr key={j.name} data-testid="job-row" data-queue={j.name}>
                <th scope="row">
                  <code>{j.name}</code>
                </th>
                <td className="num" data-testid="job-waiting">
                  {j.waiting}
                </td>
                <td className={`num ${j.failed > 0 ? 'text-bad' : ''}`} data-testid="job-failed">
                  {j.failed}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
