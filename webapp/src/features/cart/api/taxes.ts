import { apiPaths } from '@/config/paths';
import { getList } from '@/lib/http';
import type { TaxRateJson } from '../store/facts';

/** Tax rates per country (GET /api/wc/taxes); empty on failure (docs/spec.md section 8). */
export function getTaxes(signal?: AbortSignal): Promise<TaxRateJson[]> {
  return getList<TaxRateJson>(apiPaths.taxes, { signal });
}
