import { useTranslation } from 'react-i18next';
import type { TransparencyResponse } from '@candor/contracts';
import { formatDateTime } from '../../lib/format';

/** A share or ratio (`"0.7412"`) as a percentage, at most two decimals. */
const percent = (share: string): string => `${(Number(share) * 100).toFixed(2).replace(/\.?0+$/, '')} %`;

/**
 * The public transparency figures as the public page shows them: the same cached result of the worker's job
 * (the dashboard answer carries it as is), never recomputed here.
 */
export function TransparencyCard({ figures: f }: { figures: TransparencyResponse }) {
  const { t } = useTranslation('consoleDashboard');
  return (
    <section className="card" aria-labelledby="transparency-title" data-testid="figure-transparency" data-computed-at={f.computedAt ?? ''}>
      <h2 id="transparency-title">{t('transparency.title')}</h2>
      {f.computedAt === null ? (
        <p className="muted" data-testid="transparency-not-computed">
          {t('transparency.notComputed')}
        </p>
      ) : (
        <>
          <p className="small muted">{t('transparency.computedAt', { time: formatDateTime(f.computedAt) })}</p>
          <p data-testid="transparency-loss-12m">
            {f.lossShare12m === null
              ? t('transparency.tooFew', { count: f.accountsCounted, min: f.minAccounts })
              : t('transparency.loss12m', { share: percent(f.lossShare12m), count: f.accountsCounted })}
          </p>
          <p className="small">
            {f.lossShare90d === null
              ? t('transparency.tooFew90d', { count: f.accountsCounted90d, min: f.minAccounts })
              : t('transparency.loss90d', { share: percent(f.lossShare90d), count: f.accountsCounted90d })}
          </p>
          <table className="small">
            <thead>
              <tr>
                <th scope="col">{t('transparency.product')}</th>
                <th scope="col" className="num">
                  {t('transparency.house')}
                </th>
                <th scope="col" className="num">
                  {t('transparency.ratio')}
                </th>
                <th scope="col" className="num">
                  {t('transparency.orders')}
                </th>
              </tr>
            </thead>
            <tbody>
              {f.products.map((p) => (
                <tr key={p.symbol} data-testid="transparency-product" data-symbol={p.symbol}>
                  <th scope="row">{p.symbol}</th>
                  <td className="num">{p.houseResult30d}</td>
                  <td className="num">{p.payoutRatio30d === null ? '—' : percent(p.payoutRatio30d)}</td>
                  <td className="num">{p.ordersSettled30d}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="small" data-testid="transparency-receipts">
            {t('transparency.receipts', { count: f.receiptsChecked })}
          </p>
          <p className="small">
            {f.liabilities
              ? t('transparency.liabilities', { date: f.liabilities.date, root: f.liabilities.root.slice(0, 16) })
              : t('transparency.noLiabilities')}
          </p>
          {f.earn ? (
            <p className="small" data-testid="transparency-earn" data-days={f.earn.daysCovered ?? ''}>
              {t('transparency.earn', { paid: f.earn.interestPaid, equity: f.earn.equity, days: f.earn.daysCovered ?? '—' })}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
