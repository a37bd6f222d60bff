/**
 * The checkout API (docs/checkout.md): shipping methods, the quote and placing the order. Every call
 * resolves to a result instead of throwing; reads give an empty result on failure (logged,
 * docs/spec.md section 8).
 */
import { apiPaths } from '@/config/paths';
import { getList, jsonObject, postJson } from '@/lib/http';
import type { CheckoutFields, PlaceResult, Quote, ShippingMethod } from '../types';

const isObject = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** Flat rates of the country's shipping zone in `currency`; [] on failure. */
export async function getShippingMethods(country: string, currency: string, signal?: AbortSignal): Promise<ShippingMethod[]> {
  const methods = await getList<ShippingMethod>(apiPaths.shippingMethods({ country, currency }), { signal, cache: 'no-store' });
  return methods.filter((m) => isObject(m) && typeof m.id === 'string' && typeof m.cost === 'number');
}

export type QuoteResult = { kind: 'ok'; quote: Quote } | { kind: 'error'; code: string; message: string };

/** The server's totals for the cart `token` shipped to `country` by `shippingMethod`. */
export async function getQuote(
  token: string,
  body: { country: string; shipping_method: string; email?: string },
  signal?: AbortSignal,
): Promise<QuoteResult> {
  try {
    const response = await postJson(apiPaths.checkoutQuote, body, { headers: { 'X-Cart-Token': token }, signal });
    const data = await jsonObject(response);
    if (response.ok && typeof data.total === 'number') return { kind: 'ok', quote: data as unknown as Quote };
    console.warn(`POST ${apiPaths.checkoutQuote} -> ${response.status}`);
    return { kind: 'error', code: typeof data.code === 'string' ? data.code : `http_${response.status}`, message: typeof data.message === 'string' ? data.message : 'The totals could not be calculated.' };
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    console.warn(`POST ${apiPaths.checkoutQuote} failed`, error);
    return { kind: 'error', code: 'network', message: 'The totals could not be calculated. Please check your connection.' };
  }
}

export const TRY_AGAIN = 'We could not reach the shop. Please try again: your order will be placed only once.';

/**
 * POST /api/checkout/orders with `idempotencyKey`: the same key again answers with the same
 * order, never a second one. 201/200 placed; 422 invalid_checkout with `fields`; 409 refusals
 * (out_of_stock, coupon_usage_limit, cart_empty, ...); network errors, 5xx and 429: retry with
 * the same key.
 */
export async function placeOrder(token: string, idempotencyKey: string, body: CheckoutFields): Promise<PlaceResult> {
  let response: Response;
  try {
    response = await postJson(apiPaths.checkoutOrders, body, { headers: { 'X-Cart-Token': token, 'Idempotency-Key': idempotencyKey } });
  } catch (error) {
    console.warn(`POST ${apiPaths.checkoutOrders} failed`, error);
    return { kind: 'retry', status: null, message: TRY_AGAIN };
  }
  const data = await jsonObject(response);
  const message = typeof data.message === 'string' ? data.message : '';
  const code = typeof data.code === 'string' ? data.code : `http_${response.status}`;
  if (response.ok) {
    const order = isObject(data.order) ? data.order : {};
    const orderId = order.id;
    if ((typeof orderId === 'string' || typeof orderId === 'number') && typeof data.order_key === 'string') {
      const redirect = typeof data.redirect_url === 'string' && /^https?:\/\//.test(data.redirect_url) ? data.redirect_url : null;
      return { kind: 'placed', orderId: String(orderId), orderKey: data.order_key, redirectUrl: redirect };
    }
    return { kind: 'retry', status: response.status, message: TRY_AGAIN };
  }
  if (response.status >= 500 || response.status === 429 || response.status === 408) {
    return { kind: 'retry', status: response.status, message: message || TRY_AGAIN };
  }
  if (response.status === 422 && isObject(data.fields)) {
    const fields = Object.fromEntries(Object.entries(data.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    return { kind: 'invalid', code, message: message || 'Please check the highlighted fields.', fields };
  }
  return { kind: 'refused', status: response.status, code, message: message || 'Your order could not be placed.' };
}
