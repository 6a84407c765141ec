import { Fragment } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { AdminUserDetail, AdminUserRequest } from '@candor/contracts';
import { describeUserAgent } from '@candor/domain';
import { ApiError } from '../../lib/api/client';
import { PageHeader } from '../../components/Shell';
import { Empty, ErrorState, Loading } from '../../components/States';
import { PermissionGate } from '../../components/PermissionGate';
import { formatDateTimeShort } from '../../lib/format';
import { useOperator } from '../../lib/auth/AuthProvider';
import { can } from '../../lib/auth/access';
import { useUserDetail } from '../../features/users/userDetailApi';
import { useUserMoney } from '../../features/money/moneyApi';
import { UserAccessCell } from '../../features/users/UserAccessCell';
import { IdText } from '../../features/users/IdText';
import '../../features/users/users.css';

const KYC_PILL: Record<string, string> = { verified: 'pill-ok', pending: 'pill-warn', rejected: 'pill-bad', not_submitted: 'pill-muted' };

export function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <section className="card user-section" aria-label={title} data-testid={testId}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

export function Profile({ u }: { u: AdminUserDetail }) {
  const { t } = useTranslation();
  return (
    <Section title={t('users.detail.profile')} testId="user-profile">
      <dl className="facts">
        <dt>{t('users.email')}</dt>
        <dd>
          {u.email}{' '}
          <span className={`pill ${u.emailConfirmed ? 'pill-ok' : 'pill-muted'}`}>
            {t(u.emailConfirmed ? 'users.detail.emailConfirmed' : 'users.detail.emailUnconfirmed')}
          </span>
        </dd>
        <dt>{t('users.phone')}</dt>
        <dd>{u.phone}</dd>
        <dt>{t('users.nickname')}</dt>
        <dd>{u.nickname}</dd>
        <dt>{t('users.detail.inviteCode')}</dt>
        <dd>
          <code>{u.inviteCode}</code>
        </dd>
        <dt>{t('users.detail.invitedBy')}</dt>
        <dd>
          {u.invitedByUserId ? (
            <Link to={`/users/${u.invitedByUserId}`}>
              <IdText id={u.invitedByUserId} />
            </Link>
          ) : (
            '—'
          )}
        </dd>
        <dt>{t('users.createdAt')}</dt>
        <dd>{formatDateTimeShort(u.createdAt)}</dd>
        <dt>{t('users.id')}</dt>
        <dd>
          <IdText id={u.id} copy />
        </dd>
        <dt>{t('users.access.title')}</dt>
        <dd>
          <UserAccessCell userId={u.id} disabled={u.disabled} />
          {u.disabledReason ? <div className="muted">{u.disabledReason}</div> : null}
        </dd>
      </dl>
    </Section>
  );
}

export function Kyc({ u }: { u: AdminUserDetail }) {
  const { t } = useTranslation();
  return (
    <Section title={t('users.detail.kycTitle')} testId="user-kyc">
      <dl className="facts">
        <dt>{t('users.detail.status')}</dt>
        <dd>
          <span className={`pill ${KYC_PILL[u.kycStatus] ?? 'pill-muted'}`} data-testid="user-kyc-status">
            {t(`users.kycStatus.${u.kycStatus}`)}
          </span>
        </dd>
        {u.kyc ? (
          <>
            <dt>{t('users.detail.submittedAt')}</dt>
            <dd>
              <Link to={`/kyc/${u.kyc.id}`}>{formatDateTimeShort(u.kyc.submittedAt)}</Link> · {t('users.detail.attempt', { n: u.kyc.attempt })}
            </dd>
            <dt>{t('users.detail.decidedAt')}</dt>
            <dd>{formatDateTimeShort(u.kyc.decidedAt)}</dd>
          </>
        ) : null}
      </dl>
    </Section>
  );
}

export function Balances({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const money = useUserMoney(userId);
  if (money.isPending) return <Loading />;
  if (money.isError) return <ErrorState error={money.error} onRetry={() => void money.refetch()} />;
  const w = money.data.balances;
  const rows: [`users.detail.${'available' | 'frozen' | 'inOrders' | 'earn' | 'demo'}`, string][] = [
    ['users.detail.available', w.available],
    ['users.detail.frozen', w.frozen],
    ['users.detail.inOrders', w.inOrders],
    ['users.detail.earn', w.earn],
    ['users.detail.demo', w.demo],
  ];
  return (
    <>
      <dl className="facts" data-testid="user-balances">
        {rows.map(([k, v]) => (
          <Fragment key={k}>
            <dt>{t(k)}</dt>
            <dd className="num">{v}</dd>
          </Fragment>
        ))}
      </dl>
      <h3>{t('users.detail.records')}</h3>
      {!money.data.recentRecords.length ? (
        <p className="muted">{t('users.detail.none')}</p>
      ) : (
        <div className="table-wrap" tabIndex={0}>
          <table className="compact-table">
            <thead>
              <tr>
                <th>{t('users.detail.time')}</th>
                <th>{t('users.detail.status')}</th>
                <th className="num">{t('users.detail.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {money.data.recentRecords.map((r) => (
                <tr key={r.id}>
                  <td className="nowrap">{formatDateTimeShort(r.createdAt)}</td>
                  <td>
                    <code>{r.type}</code>
                  </td>
                  <td className="num">{r.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function Requests({ title, rows, testId }: { title: string; rows: AdminUserRequest[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <Section title={title} testId={testId}>
      {!rows.length ? (
        <p className="muted">{t('users.detail.none')}</p>
      ) : (
        <div className="table-wrap" tabIndex={0}>
          <table className="compact-table">
            <thead>
              <tr>
                <th>{t('users.detail.orderNo')}</th>
                <th>{t('users.detail.time')}</th>
                <th>{t('users.detail.status')}</th>
                <th className="num">{t('users.detail.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <code>{r.orderNo}</code>
                  </td>
                  <td className="nowrap">{formatDateTimeShort(r.createdAt)}</td>
                  <td>{r.status}</td>
                  <td className="num">{r.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

export function Activity({ u }: { u: AdminUserDetail }) {
  const { t } = useTranslation();
  if (!u.activity) return null;
  return (
    <>
      <Section title={t('users.detail.orders')} testId="user-orders">
        {!u.activity.orders.length ? (
          <p className="muted">{t('users.detail.none')}</p>
        ) : (
          <div className="table-wrap" tabIndex={0}>
            <table className="compact-table">
              <thead>
                <tr>
                  <th>{t('users.detail.orderNo')}</th>
                  <th>{t('users.detail.time')}</th>
                  <th>{t('users.detail.symbol')}</th>
                  <th>{t('users.detail.result')}</th>
                  <th className="num">{t('users.detail.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {u.activity.orders.map((o) => (
                  <tr key={o.id}>
                    <td>
                      <code>{o.orderNo}</code>
                    </td>
                    <td className="nowrap">{formatDateTimeShort(o.createdAt)}</td>
                    <td>
                      {o.symbol} · {o.direction} · {o.account}
                    </td>
                    <td>{o.outcome ? `${o.outcome} ${o.pnl ?? ''}` : o.status}</td>
                    <td className="num">{o.amount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
      <Requests title={t('users.detail.deposits')} rows={u.activity.deposits} testId="user-deposits" />
      <Requests title={t('users.detail.withdrawals')} rows={u.activity.withdrawals} testId="user-withdrawals" />
    </>
  );
}

function Sessions({ u }: { u: AdminUserDetail }) {
  const { t } = useTranslation();
  return (
    <Section title={t('users.detail.sessions')} testId="user-sessions">
      {!u.sessions.length ? (
        <p className="muted">{t('users.detail.none')}</p>
      ) : (
        <div className="table-wrap" tabIndex={0}>
          <table className="compact-table">
            <thead>
              <tr>
                <th>{t('users.detail.device')}</th>
                <th>{t('users.detail.ip')}</th>
                <th>{t('users.detail.firstSeen')}</th>
                <th>{t('users.detail.lastUsed')}</th>
              </tr>
            </thead>
            <tbody>
              {u.sessions.map((s) => {
                const ua = describeUserAgent(s.userAgent);
                return (
                  <tr key={s.id}>
                    <td title={s.userAgent ?? undefined}>{[ua.browser, ua.os].filter(Boolean).join(' · ') || '—'}</td>
                    <td>{s.ip ?? '—'}</td>
                    <td className="nowrap">{formatDateTimeShort(s.createdAt)}</td>
                    <td className="nowrap">{formatDateTimeShort(s.lastUsedAt)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

function UserDetailScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const operator = useOperator();
  const user = useUserDetail(id);
  return (
    <>
      <PageHeader title={t('users.detail.title')}>
        <Link className="btn" to="/users">
          {t('users.detail.back')}
        </Link>
        {can(operator, 'audit.read') ? (
          <Link className="btn" to={`/audit?userId=${encodeURIComponent(id)}`} data-testid="user-audit-link">
            {t('users.detail.auditLink')}
          </Link>
        ) : null}
      </PageHeader>
      <p className="muted">{t('users.detail.readAudited')}</p>
      {user.isPending ? (
        <Loading />
      ) : user.isError && user.error instanceof ApiError && user.error.status === 404 ? (
        <Empty>{t('errors.pageNotFound')}</Empty>
      ) : user.isError ? (
        <ErrorState error={user.error} onRetry={() => void user.refetch()} />
      ) : (
        <div className="user-detail" data-testid="user-detail">
          <Profile u={user.data} />
          <Kyc u={user.data} />
          <Section title={t('users.detail.balances')} testId="user-money">
            {can(operator, 'users.money') ? <Balances userId={id} /> : <p className="muted">{t('users.detail.noMoney')}</p>}
          </Section>
          <Activity u={user.data} />
          <Sessions u={user.data} />
        </div>
      )}
    </>
  );
}

export function UserDetailPage() {
  return (
    <PermissionGate permission="users.read">
      <UserDetailScreen />
    </PermissionGate>
  );
}
