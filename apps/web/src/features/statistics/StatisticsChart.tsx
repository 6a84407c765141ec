import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { OrderStatisticsDay } from '@candor/contracts';
import { parseMoney } from '@candor/domain';
import { formatMoney } from '../../lib/format';
import { useRiseColour } from '../../lib/riseColour';
import { formatDay, formatLongDay, resultClass } from './format';
import styles from './statistics.module.css';

/** The style sheet's --c-up / --c-down (styles/app.css): an SVG drawn by recharts takes colours as values. */
const GREEN = '#147638';
const RED = '#c8282e';

/**
 * The net result of each day of the period as bars (recharts, loaded only with this chart): a gain in the
 * reader's rise colour, a loss in the fall colour. The bars are for the eye; a sentence and a table of the
 * days with orders, exact to the cent, are what screen readers read.
 */
export default function StatisticsChart({ days, net }: { days: OrderStatisticsDay[]; net: string }) {
  const { t } = useTranslation('stats');
  const rise = useRiseColour();
  const [gain, loss] = rise === 'red' ? [RED, GREEN] : [GREEN, RED];
  // A gain and a loss are two series (one of them empty each day), each in its own colour: recharts keeps the
  // elements of per-bar <Cell>s in its (frozen) store, which preact cannot render again when the days change.
  const data = days.map((d) => {
    const value = (parseMoney(d.net) ?? 0) / 100;
    return { date: d.date, gain: value > 0 ? value : null, loss: value < 0 ? value : null, net: d.net };
  });
  const active = days.filter((d) => d.orders > 0);
  const interval = days.length <= 7 ? 0 : days.length <= 30 ? 6 : 14;
  return (
    <figure className={styles.chart} data-testid="statistics-chart" data-days={days.length} data-active-days={active.length}>
      <div className={styles.chartBox} aria-hidden="true">
        <ResponsiveContainer width="100%" height={180}>
          <BarChart data={data} stackOffset="sign" barCategoryGap={days.length > 30 ? 1 : '20%'} margin={{ top: 8, right: 4, bottom: 0, left: -8 }}>
            <CartesianGrid vertical={false} stroke="#e4e8f0" />
            <XAxis
              dataKey="date"
              tickFormatter={(d: string) => formatDay(d)}
              tick={{ fontSize: 10, fill: '#687082' }}
              interval={interval}
              tickLine={false}
              axisLine={false}
            />
            <YAxis tick={{ fontSize: 10, fill: '#687082' }} tickLine={false} axisLine={false} width={52} allowDecimals />
            <ReferenceLine y={0} stroke="#c5cbd6" />
            <Tooltip
              cursor={{ fill: 'rgba(17,80,194,0.08)' }}
              formatter={(_v, _n, item) => [formatMoney((item.payload as { net: string }).net, { sign: true }), t('chart.net')]}
              labelFormatter={(_l, items) => formatLongDay((items[0]?.payload as { date?: string } | undefined)?.date ?? '')}
            />
            <Bar dataKey="gain" stackId="net" fill={gain} radius={[3, 3, 0, 0]} isAnimationActive={false} />
            <Bar dataKey="loss" stackId="net" fill={loss} radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className={styles.caption} data-testid="statistics-chart-summary">
        {t('chart.summary', { days: days.length, active: active.length, net: formatMoney(net, { sign: true }) })}
      </figcaption>
      <table className={styles.srOnly} data-testid="statistics-table">
        <caption>{t('chart.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('chart.date')}</th>
            <th scope="col">{t('chart.orders')}</th>
            <th scope="col">{t('chart.net')}</th>
          </tr>
        </thead>
        <tbody>
          {active.map((d) => (
            <tr key={d.date} data-testid="statistics-day" data-date={d.date}>
              <th scope="row">{formatLongDay(d.date)}</th>
              <td>{d.orders}</td>
              <td className={resultClass(d.net)}>{formatMoney(d.net, { sign: true })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
