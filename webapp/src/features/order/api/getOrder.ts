import { apiPaths } from '@/config/paths';
import type { Order } from '../types';

export type OrderResult = { kind: 'ok'; order: Order } | { kind: 'not_found' } | { kind: 'error' };

/** The request header that carries an order key (docs/spec.md section 2.12): never the URL. */
export const ORDER_KEY_HEADER = 'X-Order-Key';

/**
 * GET /api/wc/orders/{id} (docs/spec.md section 7 path): readable by the buyer and by staff
 * (their session cookie). The buyer's key (the order key from checkout, or the signed key of the
 * confirmation mail's link) is sent in the X-Order-Key header, so no key appears in a request
 * URL or a server log (docs/spec.md section 2.12). 404 for anyone else (never says more).
 * Failures are logged (docs/spec.md section 8).
 */
export async function getOrder(id: string, key: string | null, signal?: AbortSignal): Promise<OrderResult> {
  const url = apiPaths.order(id);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (key) headers[ORDER_KEY_HEADER] = key;
  try {
    const response = await fetch(url, { headers, cache: 'no-store', credentials: 'same-origin', signal });
    if (response.status === 404 || response.status === 401 || response.status === 403) return { kind: 'not_found' };
    if (!response.ok) {
      console.warn(`GET ${url} -> ${response.status}`);
      return { kind: 'error' };
    }
    const data = (await response.json()) as Order;
    return data && typeof data === 'object' && 'id' in data ? { kind: 'ok', order: data } : { kind: 'error' };
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    console.warn(`GET ${url} failed`, error);
    return { kind: 'error' };
  }
}
