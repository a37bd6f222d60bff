import { useMemo } from 'react';
import { Spinner } from '@/components/Spinner';
import { useSearchParams } from '@/lib/router';
import { getDashboard, type DayRange } from '../api/dashboardApi';
import { useAnalyticsQuery } from '../hooks/useAnalyticsQuery';
import type { Dashboard } from '../types';
import { AbandonmentPanel } from './AbandonmentPanel';
import { AnalyticsGate } from './AnalyticsGate';
import { ChoicesPanel } from './ChoicesPanel';
import { CouponsPanel } from './CouponsPanel';
import { DateRangeForm } from './DateRangeForm';
import { DownloadsPanel } from './DownloadsPanel';
import { FreshnessNote } from './FreshnessNote';
import { FunnelPanel } from './FunnelPanel';
import { ProductsPanel } from './ProductsPanel';
import { rangeFromParams, rangeProblem, todayUtc } from './range';
import { RevenuePanel } from './RevenuePanel';
import styles from './Dashboard.module.css';

/**
 * The analytics dashboard (docs/spec.md section 2.15), for analysts and admins: how carts turn into
 * orders over a range of days. The range lives in the URL (`/analytics?from=&to=`), so back and
 * forward, and a shared link, show the same figures.
 */
export function AnalyticsDashboardPage() {
  return (
    <div className={`container section ${styles.page}`}>
      <h1 className={styles.title}>Analytics</h1>
      <AnalyticsGate>
        <DashboardView />
      </AnalyticsGate>
    </div>
  );
}

function DashboardView() {
  const [params, setParams] = useSearchParams();
  const today = useMemo(() => todayUtc(), []);
  const range = rangeFromParams(params, today);
  const problem = rangeProblem(range);
  const answer = useAnalyticsQuery(problem ? null : `dashboard:${range.from}:${range.to}`, (signal) => getDashboard(range, signal));
  const choose = (next: DayRange) => setParams({ from: next.from, to: next.to });

  return (
    <>
      <DateRangeForm range={range} today={today} onChange={choose} />
      {problem ? (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      ) : answer === null ? (
        <Spinner label="Loading the figures" size={24} />
      ) : answer.kind === 'error' ? (
        <p className={styles.error} role="alert">
          {answer.error.message}
        </p>
      ) : (
        <Figures dashboard={answer.data} />
      )}
      {!problem && <DownloadsPanel range={range} />}
    </>
  );
}

function Figures({ dashboard }: { dashboard: Dashboard }) {
  const days = dashboard.funnel.by_day.map((d) => d.day);
  return (
    <>
      <FreshnessNote lag={dashboard.lag} />
      <div className={styles.grid}>
        <FunnelPanel totals={dashboard.funnel.totals} byDay={dashboard.funnel.by_day} />
        <RevenuePanel revenue={dashboard.revenue} days={days} />
        <ProductsPanel products={dashboard.top_products} />
        <AbandonmentPanel rows={dashboard.abandonment} />
        <CouponsPanel refusals={dashboard.coupon_refusals} />
        <ChoicesPanel choices={dashboard.configurator_choices} />
      </div>
    </>
  );
}
