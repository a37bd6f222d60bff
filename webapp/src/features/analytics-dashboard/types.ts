/**
 * The analytics dashboard's JSON shapes (docs/spec.md section 2.15): aliases of the analytics API's
 * generated OpenAPI schemas (src/types/api.gen.ts, `npm run gen:api`). Snake case on purpose: these
 * are the API's field names. Money: integer minor units of the `currency` beside it (never added
 * across currencies); `day`: a UTC calendar day `YYYY-MM-DD`; times: ISO 8601 UTC strings.
 */
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/** `GET /api/analytics/dashboard?from=&to=`: every figure of the page for one range of days. */
export type Dashboard = Schemas['DashboardOut'];
/** Carts at each step of the closed funnel. */
export type FunnelCounts = Schemas['FunnelCountsOut'];
/** The funnel of the carts started on one day. */
export type FunnelDay = Schemas['FunnelDayOut'];
/** Orders, units and money of one currency (minor units). */
export type RevenueFigures = Schemas['RevenueFiguresOut'];
/** One currency's orders of one day. */
export type RevenueDay = Schemas['RevenueDayOut'];
/** One country's orders in one currency. */
export type RevenueCountry = Schemas['RevenueCountryOut'];
/** A product by units added to carts. */
export type TopProduct = Schemas['TopProductOut'];
/** Abandoned carts of one last step in one currency. */
export type Abandonment = Schemas['AbandonmentOut'];
/** Refusals of one coupon code for one reason. */
export type CouponRefusal = Schemas['CouponRefusalStatsOut'];
/** One choice of one configurator layer. */
export type ConfiguratorChoice = Schemas['ConfiguratorChoiceOut'];
/** How current the figures are. */
export type Lag = Schemas['LagOut'];
/** How far one projection of the cart log has read. */
export type ProjectionStatus = Schemas['ProjectionStatusOut'];

/** `GET /api/staff/me`: the signed-in staff user (401 `staff_login_required` without a session). */
export interface AnalyticsStaff {
  email: string;
  role: 'admin' | 'reviewer' | 'support' | 'analyst';
}

/** An API error body: `{code, message}`. */
export interface AnalyticsError {
  code: string;
  message: string;
}
