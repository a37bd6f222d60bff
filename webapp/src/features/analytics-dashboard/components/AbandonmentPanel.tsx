import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { Abandonment } from '../types';
import { currencyColor } from './colors';
import { formatCount, formatMoney } from './format';
import { ChartFrame, Empty, Panel, TableWrap } from './Panel';
import styles from './Dashboard.module.css';

/** What the page calls each last step a cart reached before it was abandoned. */
export const STEP_NAMES: Record<string, string> = { cart: 'Cart', checkout: 'Checkout' };
const stepName = (step: string) => STEP_NAMES[step] ?? step;

/**
 * Carts abandoned in the range by the last step they reached (docs/spec.md section 2.15): a bar per
 * step and currency (carts), and a table with their value in each currency, how many came back and
 * how many ordered later.
 */
export function AbandonmentPanel({ rows }: { rows: Abandonment[] }) {
  const currencies = [...new Set(rows.map((r) => r.currency))];
  const steps = [...new Set(rows.map((r) => r.last_step))].map((step) => {
    const row: Record<string, string | number> = { step: stepName(step) };
    for (const r of rows) if (r.last_step === step) row[r.currency] = r.carts;
    return row;
  });
  return (
    <Panel title="Abandoned carts">
      {rows.length === 0 ? (
        <Empty>No cart was abandoned in this range.</Empty>
      ) : (
        <>
          <ChartFrame label={`Abandoned carts by last step: ${rows.map((r) => `${stepName(r.last_step)} (${r.currency}) ${formatCount(r.carts)}`).join(', ')}.`}>
            <BarChart data={steps} responsive style={{ width: '100%', height: '100%' }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="step" />
              <YAxis allowDecimals={false} width={40} />
              <Tooltip />
              <Legend />
              {currencies.map((c) => (
                <Bar key={c} dataKey={c} name={`Carts (${c})`} fill={currencyColor(c)} isAnimationActive={false} />
              ))}
            </BarChart>
          </ChartFrame>
          <TableWrap label="Abandoned carts table">
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Last step</th>
                  <th scope="col">Currency</th>
                  <th scope="col" className={styles.num}>
                    Carts
                  </th>
                  <th scope="col" className={styles.num}>
                    Items
                  </th>
                  <th scope="col" className={styles.num}>
                    Value
                  </th>
                  <th scope="col" className={styles.num}>
                    Came back
                  </th>
                  <th scope="col" className={styles.num}>
                    Ordered later
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={`${r.last_step}-${r.currency}`}>
                    <th scope="row">{stepName(r.last_step)}</th>
                    <td>{r.currency}</td>
                    <td className={styles.num}>{formatCount(r.carts)}</td>
                    <td className={styles.num}>{formatCount(r.items)}</td>
                    <td className={styles.num}>{formatMoney(r.value, r.currency)}</td>
                    <td className={styles.num}>{formatCount(r.returned)}</td>
                    <td className={styles.num}>{formatCount(r.ordered_after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        </>
      )}
    </Panel>
  );
}
