import { useTranslation } from 'react-i18next';
import { useUserMoney } from './moneyApi';
import { ErrorState, Loading } from '../../components/States';
import { formatDateTimeShort } from '../../lib/format';

const KYC_PILL: Record<string, string> = { verified: 'pill-ok', pending: 'pill-warn', rejected: 'pill-bad', not_submitted: 'pill-muted' };

/** Beside a request: the user's balances, verification status and newest ledger movements. */
export function UserMoneyPanel({ userId, balances, full }: { userId: string; balances: { available: string; held: string }; full: boolean }) {
  const { t } = useTranslation('consoleMoney');
  // Without `users.money` only the balances sent with the request are shown.
  const money = useUserMoney(userId, full);
  // A cached answer may predate this request (e.g. read on the other queue): until it is read again,
  // show the balances that came with the request and wait for the records.
  const data = money.isFetchedAfterMount ? money.data : undefined;
  const w = data?.balances;
  return (
    <section className="user-money" aria-label={t('userMoney.title')} data-testid="user-money">
      <h3>{t('userMoney.title')}</h3>
      <dl className="facts">
        <div>
          <dt>{t('userMoney.available')}</dt>
          <dd className="num" data-testid="balance-available">
            {w?.available ?? balances.available}
          </dd>
        </div>
        <div>
          <dt>{t('userMoney.held')}</dt>
          <dd className="num">{w?.frozen ?? balances.held}</dd>
        </div>
        {w ? (
          <>
            <div>
              <dt>{t('userMoney.inOrders')}</dt>
              <dd className="num">{w.inOrders}</dd>
            </div>
            <div>
              <dt>{t('userMoney.total')}</dt>
              <dd className="num">{w.total}</dd>
            </div>
          </>
        ) : null}
        <div>
          <dt>{t('userMoney.kyc')}</dt>
          <dd>
            {data ? (
              <span className={`pill ${KYC_PILL[data.kycStatus] ?? 'pill-muted'}`} data-testid="kyc-status" data-kyc={data.kycStatus}>
                {t(`kyc.${data.kycStatus}`)}
              </span>
            ) : (
              '—'
            )}
          </dd>
        </div>
      </dl>
      {!full ? null : <h4>{t('userMoney.recent')}</h4>}
      {!full ? null : money.isError ? (
        <ErrorState error={money.error} onRetry={() => void money.refetch()} />
      ) : !data ? (
        <Loading label={t('userMoney.loading')} />
      ) : !data.recentRecords.length ? (
        <p className="muted">{t('userMoney.noRecords')}</p>
      ) : (
        <div className="table-wrap">
          <table className="compact-table" data-testid="recent-records">
            <thead>
              <tr>
                <th>{t('userMoney.time')}</th>
                <th>{t('userMoney.type')}</th>
                <th className="num">{t('userMoney.amount')}</th>
                <th className="num">{t('userMoney.balanceAfter')}</th>
              </tr>
            </thead>
            <tbody>
              {data.recentRecords.map((r) => (
                <tr key={r.id}>
                  <td className="nowrap" data-label={t('userMoney.time')}>
                    {formatDateTimeShort(r.createdAt)}
                  </td>
                  {/* The user's words for the movement (capital records'), with the ledger's codes on hover. */}
                  <td data-label={t('userMoney.type')} title={`${r.type} / ${r.account}`} data-type={r.type}>
                    {t(`records:type.${r.type}`, { defaultValue: r.type })}{' '}
                    <span className="muted small">{t(`records:account.${r.account}`, { defaultValue: r.account })}</span>
                  </td>
                  <td className={`num ${r.amount.startsWith('-') ? 'text-bad' : 'text-ok'}`} data-label={t('userMoney.amount')}>
                    {r.amount}
                  </td>
                  <td className="num" data-label={t('userMoney.balanceAfter')}>
                    {r.balanceAfter}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
