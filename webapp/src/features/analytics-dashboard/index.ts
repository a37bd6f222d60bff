/**
 * Public API of the analytics dashboard (docs/spec.md section 2.15): the page behind its staff gate
 * (analysts and admins). Loaded only by the /analytics route (a lazy chunk): the shopper's first
 * load never includes it or its charts.
 */
export { AnalyticsDashboardPage } from './components/AnalyticsDashboardPage';
export { GATE_TEXT } from './components/AnalyticsGate';
export type * from './types';
