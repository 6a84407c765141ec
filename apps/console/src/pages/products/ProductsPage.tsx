import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAdminProducts } from '../../lib/api/queries';
import { useOperator } from '../../lib/auth/AuthProvider';
import { PageHeader } from '../../components/Shell';
import { Empty, ErrorState, Loading } from '../../components/States';
import { formatDateTimeShort, formatRate } from '../../lib/format';
import { HonestyNote } from '../../features/products/HonestyNote';
import { durationLabel, productName } from '../../features/products/productText';
import { PermissionGate } from '../../components/PermissionGate';

function ProductsScreen() {
  const { t } = useTranslation();
  const operator = useOperator();
  const q = useAdminProducts();
  const canEdit = operator.permissions.includes('products.write');
  return (
    <>
      <PageHeader title={t('products.title')}>
        <button type="button" className="btn" onClick={() => void q.refetch()} disabled={q.isFetching}>
          {q.isFetching ? t('common.loading') : t('common.refresh')}
        </button>
      </PageHeader>
      <HonestyNote />
      {!canEdit ? (
        <p className="notice notice-info" data-testid="read-only">
          {t('products.readOnly', { role: t(`roles.${operator.role}`) })}
        </p>
      ) : null}
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data.length ? (
        <Empty>{t('products.empty')}</Empty>
      ) : (
        <div className="table-wrap card flush">
          <table className="products-table" data-testid="products-table">
            <thead>
              <tr>
                <th>{t('products.symbol')}</th>
                <th>{t('products.name')}</th>
                <th>{t('products.status')}</th>
                <th>{t('products.hours')}</th>
                <th>{t('products.expiries')}</th>
                <th className="num">{t('products.stakes')}</th>
                <th>{t('products.updatedAt')}</th>
                <th>
                  <span className="sr-only">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {q.data.map((p) => (
                <tr key={p.symbol} data-testid="product-row" data-symbol={p.symbol} data-maintenance={String(p.maintenance)} data-venues={p.priceVenues.length}>
                  <td data-label={t('products.symbol')}>
                    <strong>{p.symbol}</strong>
                    <div className="muted small">{t(`products.categories.${p.category}`)}</div>
                  </td>
                  <td className="name-cell" data-label={t('products.name')}>
                    {productName(p)}
                  </td>
                  <td data-label={t('products.status')}>
                    <div className="pills">
                      {p.enabled ? (
                        <span className="pill pill-ok">{t('products.enabled')}</span>
                      ) : (
                        <span className="pill pill-muted">{t('products.disabled')}</span>
                      )}
                      {p.maintenance ? <span className="pill pill-warn">{t('products.maintenance')}</span> : null}
                      {p.scheduledChanges.length ? (
                        <span className="pill pill-info" data-testid="scheduled-count" data-count={p.scheduledChanges.length}>
                          {t('products.scheduledCount', { count: p.scheduledChanges.length })}
                        </span>
                      ) : null}
                      {p.priceVenues.length === 0 ? (
                        <span className="pill pill-warn" data-testid="simulated-pill">
                          {t('products.simulated')}
                        </span>
                      ) : null}
                      {p.recommended ? <span className="pill pill-info">{t('products.recommended')}</span> : null}
                    </div>
                  </td>
                  <td data-label={t('products.hours')}>
                    {p.hours === null || p.hours.length === 0 ? (
                      t('products.allDay')
                    ) : (
                      <>
                        {t('products.intervalsCount', { count: p.hours.length })}
                        <div className="muted small">{p.timezone}</div>
                      </>
                    )}
                  </td>
                  <td data-label={t('products.expiries')}>
                    <div className="pills">
                      {p.expiries.map((e) => (
                        <span key={e.seconds} className="pill pill-muted">
                          {durationLabel(e.seconds)} · {formatRate(e.payoutRate)}
                        </span>
                      ))}
                    </div>
                  </td>
                  <td className="num nowrap" data-label={t('products.stakes')}>
                    {p.minStake} – {p.maxStake}
                  </td>
                  <td className="nowrap" data-label={t('products.updatedAt')}>
                    {formatDateTimeShort(p.updatedAt)}
                  </td>
                  <td>
                    <Link className="btn btn-small" to={`/products/${encodeURIComponent(p.symbol)}`} data-testid="product-edit">
                      {canEdit ? t('common.edit') : t('common.view')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

export function ProductsPage() {
  return (
    <PermissionGate permission="products.read">
      <ProductsScreen />
    </PermissionGate>
  );
}
