import { ANALYTICS_TABLES, analyticsApiPaths, type AnalyticsTable, type DayRange } from '../api/dashboardApi';
import { Panel } from './Panel';
import styles from './Dashboard.module.css';

/** What each downloadable table holds, as the link says it. */
export const TABLE_LABELS: Record<AnalyticsTable, string> = {
  analytics_funnel_daily: 'Funnel by day',
  analytics_revenue_daily: 'Revenue by day',
  analytics_product_daily: 'Products by day',
  analytics_abandoned_carts: 'Abandoned carts',
  analytics_coupon_ledger: 'Coupon ledger',
  analytics_configurator_choices: 'Configurator choices',
  analytics_cart_events: 'Cart events',
};

/** A "Download CSV" link per read-model table for the chosen range (docs/spec.md section 2.15). */
export function DownloadsPanel({ range }: { range: DayRange }) {
  return (
    <Panel title="Download CSV">
      <p className={styles.note}>
        The rows of {range.from} to {range.to} (UTC), one file per table.
      </p>
      <ul className={styles.downloads}>
        {ANALYTICS_TABLES.map((table) => (
          <li key={table}>
            <a href={analyticsApiPaths.tableCsv(table, range)} download>
              {TABLE_LABELS[table]} (CSV)
            </a>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
