/** Display helpers of the support console (docs/spec.md section 2.14): times in UTC, values of a diff. */

/** "2026-11-21T09:15:03.120Z" -> "2026-11-21 09:15:03 UTC"; text that is no time is shown as is. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** A time as a `datetime-local` input's value, in UTC: "2026-11-21T09:15". */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 16);
}

/** A `datetime-local` value read as UTC ("2026-11-21T09:15" -> ms since the epoch); NaN when empty or junk. */
export function fromLocalInput(value: string): number {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value) ? Date.parse(`${value}Z`) : Number.NaN;
}

