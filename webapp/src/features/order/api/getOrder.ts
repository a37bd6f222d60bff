import { apiPaths } from '@/config/paths';
import type { Order } from '../types';

export type OrderResult = { kind: 'ok'; order: Order } | { kind: 'not_found' } | { kind: 'error' };

/**
 * GET /api/wc/orders/{id}?key= (docs/spec.md section 7 path): readable by the buyer (the order key from
 * checkout) and by staff (their session cookie). 404 for anyone else (never says more).
 * Failures are logged (docs/spec.md section 8).
 */
export async function getOrder(id: string, key: string | null, signal?: AbortSignal): Promise<OrderResult> {
  const url = apiPaths.order(id, key ?? undefined);
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' }, cache: 'no-store', credentials: 'same-origin', signal });
    if (response.status === 404 || response.status === 401 || response.status === 403) return { kind: 'not_found' };
    if (!response.ok) {
      console.warn(`GET ${apiPaths.order(id)} -> ${response.status}`);
      return { kind: 'error' };
    }
    const data = (await response.json()) as Order;
    return data && typeof data === 'object' && 'id' in data ? { kind: 'ok', order: data } : { kind: 'error' };
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    console.warn(`GET ${apiPaths.order(id)} failed`, error);
    return { kind: 'error' };
  }
}
