/**
 * Display helpers of the analytics dashboard (docs/spec.md section 2.15): money of any currency
 * from integer minor units, counts, shares and times in UTC.
 */
import { formatCents } from '@/lib/money';

const GROUPED = /\B(?=(\d{3})+(?!\d))/g;

/** 1234567 -> "1,234,567" (integers only; a minus sign kept). */
export function formatCount(value: number): string {
  const sign = value < 0 ? '-' : '';
  return `${sign}${Math.abs(Math.trunc(value)).toString().replace(GROUPED, ',')}`;
}

/** A change in units with its sign: 5 -> "+5", -3 -> "−3", 0 -> "0". */
export function formatDelta(value: number): string {
  if (value > 0) return `+${formatCount(value)}`;
  if (value < 0) return `−${formatCount(-value)}`;
  return '0';
}

/** Minor units of `currency` as money: (123456, 'EUR') -> "€1,234.56"; another currency -> "1,234.56 XYZ". */
export function formatMoney(minor: number, currency: string): string {
  if (currency === 'EUR' || currency === 'USD') return formatCents(minor, currency);
  const abs = Math.abs(Math.trunc(minor));
  const amount = `${Math.floor(abs / 100)
    .toString()
    .replace(GROUPED, ',')}.${(abs % 100).toString().padStart(2, '0')}`;
  return `${minor < 0 ? '-' : ''}${amount} ${currency}`;
}

/** `part` of `whole` as a whole percentage ("40%"), "–" when `whole` is 0. */
export function formatShare(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)}%` : '–';
}

/** "2026-11-21T09:15:03.120Z" -> "2026-11-21 09:15 UTC"; text that is no time is shown as is. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** "2026-11-21" -> "21 Nov" (chart axes; UTC). */
export function shortDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}
