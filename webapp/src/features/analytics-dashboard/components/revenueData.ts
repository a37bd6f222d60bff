/** The revenue charts' rows (docs/spec.md section 2.15): one key per currency, never summed across currencies. */
import type { Dashboard } from '../types';

export type RevenueOut = Dashboard['revenue'];
/** A chart row: its x value (`day` or `country`) and each currency's total in minor units. */
export type SeriesRow = { [key: string]: string | number };

/** The currencies with orders in the range, in the answer's order (EUR before USD). */
export function currenciesOf(revenue: RevenueOut): string[] {
  return revenue.totals.map((t) => t.currency);
}

/** One row per day of the range: `{day, EUR: total, USD: total}` (0 for a day without orders). */
export function byDayRows(revenue: RevenueOut, days: string[], currencies: string[]): SeriesRow[] {
  const totals = new Map(revenue.by_day.map((r) => [`${r.day}|${r.currency}`, r.total]));
  return days.map((day) => {
    const row: SeriesRow = { day };
    for (const c of currencies) row[c] = totals.get(`${day}|${c}`) ?? 0;
    return row;
  });
}

/** One row per country: `{country, EUR: total, USD: total}`, in the answer's order of first appearance. */
export function byCountryRows(revenue: RevenueOut, currencies: string[]): SeriesRow[] {
  const rows = new Map<string, SeriesRow>();
  for (const r of revenue.by_country) {
    let row = rows.get(r.country);
    if (!row) {
      row = { country: r.country };
      for (const c of currencies) row[c] = 0;
      rows.set(r.country, row);
    }
    row[r.currency] = r.total;
  }
  return [...rows.values()];
}
