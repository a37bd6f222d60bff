import type { Lag } from '../types';
import { formatCount, formatTime } from './format';
import styles from './Dashboard.module.css';

/** The text of the freshness note (docs/spec.md section 2.15). */
export function freshnessText(lag: Lag): string {
  if (lag.caught_up) return `Data up to ${formatTime(lag.as_of)} (up to date).`;
  const behind = Math.max(0, ...lag.projections.map((p) => p.lag_events));
  const events = `${formatCount(behind)} cart event${behind === 1 ? '' : 's'} still to be counted`;
  return lag.data_up_to ? `Data up to ${formatTime(lag.data_up_to)} (${events}).` : `No data counted yet (${events}).`;
}

/** Says up to when the figures are complete, from the projections' positions in the cart log. */
export function FreshnessNote({ lag }: { lag: Lag }) {
  return (
    <p className={styles.note} role="status">
      {freshnessText(lag)}
    </p>
  );
}
