import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { RevenueOut } from './revenueData';
import { byCountryRows, byDayRows, currenciesOf } from './revenueData';
import { currencyColor } from './colors';
import { formatCount, formatMoney, shortDay } from './format';
import { ChartFrame, Empty, Panel, TableWrap } from './Panel';
import styles from './Dashboard.module.css';

const major = (minor: number) => (minor / 100).toLocaleString('en-GB', { maximumFractionDigits: 0 });

/**
 * Revenue of the orders placed from carts (docs/spec.md section 2.15): totals per currency, a line
 * per currency by day and bars per country; EUR and USD are never added together. Money is shown
 * from integer minor units.
 */
export function RevenuePanel({ revenue, days }: { revenue: RevenueOut; days: string[] }) {
  const currencies = currenciesOf(revenue);
  const daily = byDayRows(revenue, days, currencies);
  const countries = byCountryRows(revenue, currencies);
  const tooltipMoney = (value: unknown, name: unknown) => [formatMoney(Number(value), String(name)), String(name)] as [string, string];
  return (
    <Panel title="Revenue">
      {revenue.totals.length === 0 ? (
        <Empty>No orders in this range.</Empty>
      ) : (
        <TableWrap label="Revenue totals table">
          <table className={styles.table}>
            <caption>Totals per currency</caption>
            <thead>
              <tr>
                <th scope="col">Currency</th>
                <th scope="col" className={styles.num}>
                  Orders
                </th>
                <th scope="col" className={styles.num}>
                  Items
                </th>
                <th scope="col" className={styles.num}>
                  Discount
                </th>
                <th scope="col" className={styles.num}>
                  Shipping
                </th>
                <th scope="col" className={styles.num}>
                  Tax
                </th>
                <th scope="col" className={styles.num}>
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {revenue.totals.map((t) => (
                <tr key={t.currency}>
                  <th scope="row">{t.currency}</th>
                  <td className={styles.num}>{formatCount(t.orders)}</td>
                  <td className={styles.num}>{formatCount(t.items)}</td>
                  <td className={styles.num}>{formatMoney(t.discount, t.currency)}</td>
                  <td className={styles.num}>{formatMoney(t.shipping, t.currency)}</td>
                  <td className={styles.num}>{formatMoney(t.tax, t.currency)}</td>
                  <td className={styles.num}>{formatMoney(t.total, t.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      <h3>Revenue by day</h3>
      <ChartFrame label={`Revenue per day, one line per currency (${currencies.join(', ') || 'none'}), ${days.length} days.`}>
        <LineChart data={daily} responsive style={{ width: '100%', height: '100%' }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={16} />
          <YAxis tickFormatter={major} width={56} />
          <Tooltip formatter={tooltipMoney} />
          <Legend />
          {currencies.map((c) => (
            <Line key={c} type="monotone" dataKey={c} name={c} stroke={currencyColor(c)} dot={false} isAnimationActive={false} />
          ))}
        </LineChart>
      </ChartFrame>
      <details>
        <summary>Figures by day</summary>
        <RevenueTable label="Revenue by day table" first="Day" rows={revenue.by_day.map((r) => ({ ...r, key: r.day }))} />
      </details>
      <h3>Revenue by country</h3>
      {countries.length > 0 && (
        <ChartFrame label={`Revenue per country, one bar per currency: ${revenue.by_country.map((r) => `${r.country} ${formatMoney(r.total, r.currency)}`).join(', ')}.`}>
          <BarChart data={countries} responsive style={{ width: '100%', height: '100%' }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="country" />
            <YAxis tickFormatter={major} width={56} />
            <Tooltip formatter={tooltipMoney} />
            <Legend />
            {currencies.map((c) => (
              <Bar key={c} dataKey={c} name={c} fill={currencyColor(c)} isAnimationActive={false} />
            ))}
          </BarChart>
        </ChartFrame>
      )}
      {revenue.by_country.length === 0 ? (
        <Empty>No orders in this range.</Empty>
      ) : (
        <RevenueTable
          label="Revenue by country table"
          first="Country"
          rows={revenue.by_country.map((r) => ({ ...r, key: r.country }))}
        />
      )}
    </Panel>
  );
}

interface RevenueRow {
  key: string;
  currency: string;
  orders: number;
  total: number;
}

/** Orders and total per row (a day or a country) and currency; money in minor units of the row's currency. */
function RevenueTable({ label, first, rows }: { label: string; first: string; rows: RevenueRow[] }) {
  return (
    <TableWrap label={label}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            <th scope="col">Currency</th>
            <th scope="col" className={styles.num}>
              Orders
            </th>
            <th scope="col" className={styles.num}>
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.key}-${r.currency}`}>
              <th scope="row">{r.key}</th>
              <td>{r.currency}</td>
              <td className={styles.num}>{formatCount(r.orders)}</td>
              <td className={styles.num}>{formatMoney(r.total, r.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
