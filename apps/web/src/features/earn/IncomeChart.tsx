import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { EarnIncomeDay } from '@candor/contracts';
import { formatMoney } from '../../lib/format';
import { formatCalendarDate } from './format';
import styles from './earn.module.css';

/**
 * The income of the last 30 days as bars (recharts, loaded only with this page). The numbers are for
 * drawing; the exact amounts are in the table beside it, which screen readers read.
 */
export default function IncomeChart({ days }: { days: EarnIncomeDay[] }) {
  const { t, i18n } = useTranslation('earn');
  const data = days.map((d) => ({ date: d.date, label: d.date.slice(5).replace('-', '/'), value: Number(d.income), income: d.income }));
  const paid = days.filter((d) => Number(d.income) > 0);
  return (
    <figure className={styles.chart} data-testid="income-chart" data-days={days.length} data-paid-days={paid.length}>
      <div className={styles.chartBox} aria-hidden="true">
        <ResponsiveContainer width="100%" height={180}>
          <BarChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: -12 }}>
            <CartesianGrid vertical={false} stroke="#e4e8f0" />
            <XAxis dataKey="label" tick={{ fontSize: 10, fill: '#687082' }} interval={6} tickLine={false} axisLine={false} />
            <YAxis tick={{ fontSize: 10, fill: '#687082' }} tickLine={false} axisLine={false} width={48} allowDecimals />
            <Tooltip
              cursor={{ fill: 'rgba(17,80,194,0.08)' }}
              formatter={(_v, _n, item) => [formatMoney((item.payload as { income: string }).income), t('chart.income')]}
              labelFormatter={(_l, items) => formatCalendarDate((items[0]?.payload as { date?: string } | undefined)?.date, i18n.language)}
            />
            <Bar dataKey="value" fill="#1150c2" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className={styles.chartCaption}>{paid.length ? t('chart.caption', { days: paid.length }) : t('chart.empty')}</figcaption>
      <table className={styles.srOnly} data-testid="income-table">
        <caption>{t('chart.title')}</caption>
        <tbody>
          {paid.map((d) => (
            <tr key={d.date} data-testid="income-day" data-date={d.date}>
              <th scope="row">{formatCalendarDate(d.date, i18n.language)}</th>
              <td>{formatMoney(d.income)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
