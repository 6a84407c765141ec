import { useTranslation } from 'react-i18next';
import { useHealth, useLedgerCheck } from '../../lib/api/queries';
import { PageHeader } from '../../components/Shell';
import { ErrorState, Loading } from '../../components/States';
import { formatDateTime } from '../../lib/format';
import { EarnDashboardCard } from '../../features/earn/EarnDashboardCard';
import { DashboardFigures } from '../../features/dashboard/DashboardFigures';

export function DashboardPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('dashboard.title')} />
      <DashboardFigures />
      <div className="grid-2">
        <LedgerCard />
        <HealthCard />
        <EarnDashboardCard />
      </div>
    </>
  );
}

function LedgerCard() {
  const { t } = useTranslation();
  const q = useLedgerCheck();
  return (
    <section className="card" aria-labelledby="ledger-title" data-testid="ledger-card">
      <div className="card-head">
        <h2 id="ledger-title">{t('dashboard.ledger.title')}</h2>
        <button type="button" className="btn btn-small" onClick={() => void q.refetch()} disabled={q.isFetching}>
          {q.isFetching ? t('common.checking') : t('dashboard.ledger.recheck')}
        </button>
      </div>
      <p className="muted small">{t('dashboard.ledger.explain')}</p>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <div className={`status-banner ${q.data.ok ? 'ok' : 'bad'}`} data-testid="ledger-status" data-ok={String(q.data.ok)} role="status">
            <span className="status-dot" aria-hidden="true" />
            {q.data.ok ? t('dashboard.ledger.ok') : t('dashboard.ledger.bad')}
          </div>
          <dl className="facts">
            <dt>{t('dashboard.ledger.accounts')}</dt>
            <dd>{q.data.accounts}</dd>
            <dt>{t('dashboard.ledger.imbalance')}</dt>
            <dd className={q.data.imbalance === '0.00' || Number(q.data.imbalance) === 0 ? '' : 'text-bad'}>{q.data.imbalance}</dd>
            <dt>{t('dashboard.ledger.checkedAt')}</dt>
            <dd>{formatDateTime(new Date(q.dataUpdatedAt).toISOString())}</dd>
            <dt>{t('dashboard.ledger.lastScheduled')}</dt>
            <dd data-testid="ledger-last-scheduled">
              {q.data.lastScheduled ? (
                <>
                  <span className={`pill ${q.data.lastScheduled.ok ? 'pill-ok' : 'pill-bad'}`}>
                    {q.data.lastScheduled.ok ? t('dashboard.ledger.balanced') : t('dashboard.ledger.unbalanced')}
                  </span>{' '}
                  {formatDateTime(q.data.lastScheduled.checkedAt)}
                  {q.data.lastScheduled.ok ? null : <span className="text-bad"> ({q.data.lastScheduled.imbalance})</span>}
                </>
              ) : (
                <span className="muted">{t('dashboard.ledger.lastScheduledNone')}</span>
              )}
            </dd>
          </dl>
          {q.data.mismatched?.length ? (
            <div className="table-wrap">
              <table>
                <caption>{t('dashboard.ledger.mismatched', { count: q.data.mismatched.length })}</caption>
                <thead>
                  <tr>
                    <th>{t('dashboard.ledger.account')}</th>
                    <th className="num">{t('dashboard.ledger.balance')}</th>
                    <th className="num">{t('dashboard.ledger.postings')}</th>
                  </tr>
                </thead>
                <tbody>
                  {q.data.mismatched.map((m) => (
                    <tr key={m.accountId}>
                      <td>
                        <code>{m.accountId}</code>
                      </td>
                      <td className="num">{m.balance}</td>
                      <td className="num">{m.postings}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

interface Component {
  name: string;
  up: boolean;
  detail?: string;
}

function isUp(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') return ['ok', 'up', 'healthy', 'true'].includes(v.toLowerCase());
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ('ok' in o) return isUp(o.ok);
    if ('status' in o) return isUp(o.status);
    if ('up' in o) return isUp(o.up);
  }
  return undefined;
}

/** Reads `/api/health` loosely: `{ ok, postgres, redis }`, terminus's `{ status, details }`, or similar. */
export function readHealth(body: unknown): { ok: boolean; components: Component[] } {
  if (!body || typeof body !== 'object') return { ok: false, components: [] };
  const o = body as Record<string, unknown>;
  const ok = isUp(o) ?? false;
  const source = (o.details && typeof o.details === 'object' ? o.details : o.checks && typeof o.checks === 'object' ? o.checks : o) as Record<string, unknown>;
  const components: Component[] = [];
  for (const [name, v] of Object.entries(source)) {
    if (['ok', 'status', 'info', 'error', 'details', 'checks', 'version', 'time', 'uptime'].includes(name)) continue;
    const up = isUp(v);
    if (up === undefined) continue;
    let detail: string | undefined;
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.latencyMs === 'number') detail = `${o.latencyMs} ms`;
      else if (typeof o.message === 'string') detail = o.message;
      else if (typeof o.error === 'string') detail = o.error;
    }
    components.push({ name, up, detail });
  }
  return { ok, components };
}

function HealthCard() {
  const { t } = useTranslation();
  const q = useHealth();
  const health = q.data !== undefined ? readHealth(q.data) : null;
  return (
    <section className="card" aria-labelledby="health-title" data-testid="health-card">
      <div className="card-head">
        <h2 id="health-title">{t('dashboard.health.title')}</h2>
        <button type="button" className="btn btn-small" onClick={() => void q.refetch()} disabled={q.isFetching}>
          {q.isFetching ? t('common.checking') : t('common.refresh')}
        </button>
      </div>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : health ? (
        <>
          <div className={`status-banner ${health.ok ? 'ok' : 'bad'}`} data-testid="health-status" data-ok={String(health.ok)} role="status">
            <span className="status-dot" aria-hidden="true" />
            {health.ok ? t('dashboard.health.ok') : t('dashboard.health.bad')}
          </div>
          {health.components.length ? (
            <ul className="component-list">
              {health.components.map((c) => (
                <li key={c.name}>
                  <span className={`pill ${c.up ? 'pill-ok' : 'pill-bad'}`}>{c.up ? t('dashboard.health.up') : t('dashboard.health.down')}</span>
                  <span className="component-name">{c.name}</span>
                  {c.detail ? <span className="muted small">{c.detail}</span> : null}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
