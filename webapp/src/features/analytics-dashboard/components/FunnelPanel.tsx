import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { FunnelCounts, FunnelDay } from '../types';
import { STEP_COLOR, CURRENCY_COLOR } from './colors';
import { formatCount, formatShare, shortDay } from './format';
import { ChartFrame, Panel, TableWrap } from './Panel';
import styles from './Dashboard.module.css';

/** The funnel's steps, in order, with the words the page uses for them. */
export const FUNNEL_STEPS = [
  ['carts_started', 'Carts started'],
  ['carts_with_add', 'With an item added'],
  ['checkouts_started', 'Checkout started'],
  ['orders_placed', 'Ordered'],
] as const satisfies readonly (readonly [keyof FunnelCounts, string])[];

/**
 * The closed funnel of carts by the day they started (docs/spec.md section 2.15): a bar per step
 * with the counts and their share of the carts started beside it, and carts started and ordered by
 * day (a table of every day under "Figures by day").
 */
export function FunnelPanel({ totals, byDay }: { totals: FunnelCounts; byDay: FunnelDay[] }) {
  const steps = FUNNEL_STEPS.map(([key, label]) => ({ label, carts: totals[key] }));
  const summary = steps.map((s) => `${s.label}: ${formatCount(s.carts)}`).join(', ');
  return (
    <Panel title="Funnel">
      <div className={styles.figures}>
        <ChartFrame label={`Funnel of carts. ${summary}.`}>
          <BarChart data={steps} responsive style={{ width: '100%', height: '100%' }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" interval={0} tick={{ fontSize: 11 }} />
            <YAxis allowDecimals={false} width={40} />
            <Tooltip />
            <Bar dataKey="carts" name="Carts" fill={STEP_COLOR} isAnimationActive={false} />
          </BarChart>
        </ChartFrame>
        <TableWrap label="Funnel table">
          <table className={styles.table}>
            <caption>Carts at each step</caption>
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col" className={styles.num}>
                  Carts
                </th>
                <th scope="col" className={styles.num}>
                  Of started
                </th>
              </tr>
            </thead>
            <tbody>
              {steps.map((s) => (
                <tr key={s.label}>
                  <th scope="row">{s.label}</th>
                  <td className={styles.num}>{formatCount(s.carts)}</td>
                  <td className={styles.num}>{formatShare(s.carts, totals.carts_started)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      </div>
      <h3>Carts by day</h3>
      <ChartFrame label={`Carts started and ordered per day, ${byDay.length} days.`}>
        <LineChart data={byDay} responsive style={{ width: '100%', height: '100%' }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={16} />
          <YAxis allowDecimals={false} width={40} />
          <Tooltip />
          <Legend />
          <Line type="monotone" dataKey="carts_started" name="Carts started" stroke={CURRENCY_COLOR.EUR} dot={false} isAnimationActive={false} />
          <Line type="monotone" dataKey="orders_placed" name="Ordered" stroke={STEP_COLOR} dot={false} isAnimationActive={false} />
        </LineChart>
      </ChartFrame>
      <details>
        <summary>Figures by day</summary>
        <TableWrap label="Funnel by day table">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {FUNNEL_STEPS.map(([key, label]) => (
                  <th key={key} scope="col" className={styles.num}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {byDay.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{d.day}</th>
                  {FUNNEL_STEPS.map(([key]) => (
                    <td key={key} className={styles.num}>
                      {formatCount(d[key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      </details>
    </Panel>
  );
}
