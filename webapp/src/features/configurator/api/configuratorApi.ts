/**
 * The configurator's API (docs/spec.md section 2.13; contract in services/configurator):
 * `GET /api/configurator/{product_id}` and `POST /api/configurator/{product_id}/quote`.
 */
import { getJson, jsonObject, postJson } from '@/lib/http';
import type { ConfiguratorData, Quote } from '../types';

export const configuratorPaths = {
  configurator: (productId: number) => `/api/configurator/${productId}`,
  quote: (productId: number) => `/api/configurator/${productId}/quote`,
};

const isConfigurator = (data: unknown): data is ConfiguratorData =>
  Boolean(data) && typeof data === 'object' && Array.isArray((data as ConfiguratorData).layers) && Array.isArray((data as ConfiguratorData).choices);

/**
 * The product's configurator, or null when it has none (404 `configurator_not_found`), the
 * request failed or the answer is not a configurator (docs/spec.md section 8: a failed read is
 * logged and gives an empty result).
 */
export async function getConfigurator(productId: number, signal?: AbortSignal): Promise<ConfiguratorData | null> {
  const data = await getJson<unknown>(configuratorPaths.configurator(productId), null, { signal });
  return isConfigurator(data) ? data : null;
}

/**
 * The server's verdict and price for `keys` ("layer_id:choice_id", at most 30), or null when the
 * request failed or was refused (400/404/422: the answer is not a quote). Money in minor units.
 */
export async function quoteConfiguration(productId: number, keys: readonly string[], signal?: AbortSignal): Promise<Quote | null> {
  try {
    const response = await postJson(configuratorPaths.quote(productId), { configuration: keys }, { signal });
    if (!response.ok) return null;
    const body = await jsonObject(response);
    return typeof body.button === 'string' && Array.isArray(body.problems) ? (body as unknown as Quote) : null;
  } catch {
    return null;
  }
}
