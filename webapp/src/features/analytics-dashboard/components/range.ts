/**
 * The dashboard's range of days (docs/spec.md section 2.15): UTC calendar days `YYYY-MM-DD`, both
 * included, at most 366 days; the default and the presets end today (UTC). Pure date math on
 * whole days (UTC midnight), never local time.
 */
import type { DayRange } from '../api/dashboardApi';

export const DEFAULT_DAYS = 30;
export const PRESET_DAYS = [7, 30, 90] as const;
export const MAX_DAYS = 366;
const DAY_MS = 86_400_000;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Today's UTC day, `YYYY-MM-DD`. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` -> ms since the epoch at UTC midnight; NaN for anything that is not a calendar day. */
export function dayMs(day: string): number {
  if (!DAY_RE.test(day)) return Number.NaN;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day ? ms : Number.NaN;
}

/** `day` moved by `days` (negative: back). */
export function addDays(day: string, days: number): string {
  return new Date(dayMs(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The `days` days ending `today` (both included). */
export function lastDays(days: number, today: string): DayRange {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** How many days `range` holds (both ends included); NaN when a date is not a day. */
export function rangeDays({ from, to }: DayRange): number {
  return Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1;
}

/** Why `range` cannot be shown, or null when it can (the server's rule, said the same way). */
export function rangeProblem(range: DayRange): string | null {
  if (Number.isNaN(dayMs(range.from))) return 'Enter the first day as a date.';
  if (Number.isNaN(dayMs(range.to))) return 'Enter the last day as a date.';
  const days = rangeDays(range);
  if (days < 1) return 'The first day must not be after the last day.';
  if (days > MAX_DAYS) return `Choose at most ${MAX_DAYS} days (this range holds ${days}).`;
  return null;
}

/** The range the URL asks for (`?from=&to=`), else the default: the 30 days ending today. */
export function rangeFromParams(params: URLSearchParams, today: string): DayRange {
  const from = params.get('from');
  const to = params.get('to');
  if (from && to) return { from, to };
  return lastDays(DEFAULT_DAYS, today);
}

/** Which preset `range` is (7, 30 or 90 days ending today), or null. */
export function presetOf(range: DayRange, today: string): number | null {
  return range.to === today ? (PRESET_DAYS.find((days) => rangeDays(range) === days) ?? null) : null;
}
