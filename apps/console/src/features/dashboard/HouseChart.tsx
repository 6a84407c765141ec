import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardHouseDay } from '@candor/contracts';
import { moneyCents, resultClass } from './age';

/** The console's --ok / --bad: an SVG drawn by recharts takes colours as values. */
const GAIN = '#1a7f37';
const LOSS = '#c8282e';

/**
 * The house's result per day as bars (a gain for the house in green, a day users won in red). The bars are
 * for the eye; the table under them, exact to the cent, lists the days with a result.
 */
export default function HouseChart({ days }: { days: DashboardHouseDay[] }) {
  const { t } = useTranslation('consoleDashboard');
  const data = days.map((d) => {
    const v = moneyCents(d.result) / 100;
    return { date: d.date, gain: v > 0 ? v : null, loss: v < 0 ? v : null, result: d.result };
  });
  const active = days.filter((d) => moneyCents(d.result) !== 0);
  if (active.length === 0)
    return (
      <p className="state state-empty" data-testid="house-chart" data-days={days.length}>
        {t('chartEmpty')}
      </p>
    );
  return (
    <figure className="house-chart" data-testid="house-chart" data-days={days.length}>
      <div aria-hidden="true" className="house-chart-box">
        <ResponsiveContainer width="100%" height={200}>
          <BarChart data={data} stackOffset="sign" margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke="#e4e8f0" />
            <XAxis dataKey="date" tickFormatter={(d: string) => d.slice(5)} tick={{ fontSize: 10 }} interval={6} tickLine={false} axisLine={false} />
            <YAxis tick={{ fontSize: 10 }} tickLine={false} axisLine={false} width={56} />
            <ReferenceLine y={0} stroke="#c5cbd6" />
            <Tooltip formatter={(_v, _n, item) => [(item.payload as { result: string }).result, t('result')]} />
            <Bar dataKey="gain" stackId="r" fill={GAIN} isAnimationActive={false} />
            <Bar dataKey="loss" stackId="r" fill={LOSS} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <details>
        <summary className="small">{t('chartTitle')}</summary>
        <table className="small">
          <thead>
            <tr>
              <th scope="col">{t('date')}</th>
              <th scope="col" className="num">
                {t('result')}
              </th>
            </tr>
          </thead>
          <tbody>
            {active.map((d) => (
              <tr key={d.date} data-testid="house-day" data-date={d.date}>
                <th scope="row">{d.date}</th>
                <td className={`num ${resultClass(d.result)}`}>{d.result}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
