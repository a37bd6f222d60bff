import { apiPaths } from '@/config/paths';
import { getList } from '@/lib/http';
import type { Country } from '../types';

/** The country table (code, full name, currency), sorted by name. */
export async function getCountries(signal?: AbortSignal): Promise<Country[]> {
  const countries = await getList<Country>(apiPaths.countries, { signal });
  return countries
    .filter((c) => c && typeof c.code === 'string')
    .map((c): Country => ({ ...c, currency: c.currency === 'USD' ? 'USD' : 'EUR' }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
