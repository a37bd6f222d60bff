import { apiPaths } from '@/config/paths';
import { getJson } from '@/lib/http';
import type { VisitorLocation } from '../types';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Any JSON to a location with the docs/spec.md section 3 fields, or null when it is not one. */
export function toLocation(data: unknown): VisitorLocation | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const raw = data as Record<string, unknown>;
  const code = text(raw.country_code);
  if (code !== null && !/^[A-Za-z]{2}$/.test(code)) return null;
  return {
    country_code: code === null ? null : code.toUpperCase(),
    country_name: text(raw.country_name),
    currency: raw.currency === 'USD' ? 'USD' : 'EUR', // docs/spec.md section 3: falls back to EUR
    city: text(raw.city),
    calling_code: text(raw.calling_code),
    is_eu: raw.is_eu === true,
    emoji_flag: text(raw.emoji_flag),
    flag: text(raw.flag),
    timezone: text(raw.timezone),
  };
}

/** GET /api/location; null on any failure (logged only, docs/spec.md section 8). */
export async function getLocation(signal?: AbortSignal): Promise<VisitorLocation | null> {
  const data = await getJson<unknown>(apiPaths.location, null, { signal, cache: 'no-store' });
  return toLocation(data);
}
