/**
 * The cart API (docs/api.md "Cart") and the analytics hits (docs/spec.md section 7). Every call resolves
 * to a tagged result instead of throwing, so the outbox can decide: retry (network error, 5xx),
 * reconcile (a refusal carries the server's cart), or drop.
 */
import { apiPaths } from '@/config/paths';
import { jsonObject, postJson } from '@/lib/http';
import type { CartCommand, CartView, GaEvent } from '../types';

export type CommandResult =
  | { kind: 'ok'; cart: CartView; replayed: boolean }
  /** 409/422 from a rule: `cart` is the server's state to reconcile to; `replayed`: the answer of
   * a command applied before with the same key (its cart is the state of back then). */
  | { kind: 'refused'; status: number; code: string; message: string; cart: CartView | null; replayed?: boolean }
  /**
   * Network error, 5xx or 429: send again later with the same Idempotency-Key. A 429
   * (`rate_limited`, docs/operations.md "Security") says how long to wait (`retryAfter`, seconds,
   * from its `Retry-After` header or body), which limit it hit (`limit`) and its `message`.
   */
  | { kind: 'retry'; status: number | null; error?: unknown; retryAfter?: number; limit?: string; message?: string }
  /** Any other answer (400, 409 idempotency_key_reused, 422 invalid_request): sending it again cannot help. */
  | { kind: 'rejected'; status: number; code: string; message: string };

export type ReadResult = { kind: 'ok'; cart: CartView } | { kind: 'not_found' } | { kind: 'retry'; status: number | null; error?: unknown };

export type AnalyticsResult = 'sent' | 'retry' | 'drop';

export interface CartApi {
  getCart(token: string): Promise<ReadResult>;
  sendCommand(token: string, idempotencyKey: string, command: CartCommand): Promise<CommandResult>;
  /** 'sent' on a 2xx; 'retry' (network error, 5xx, 404 ...) to try again later; 'drop' when the
   * server says the hit itself is malformed (400/422): sending it again can never succeed. */
  sendAnalytics(cid: string, event: GaEvent): Promise<AnalyticsResult>;
}

type Fetch = typeof fetch;

const isCart = (value: unknown): value is CartView =>
  Boolean(value && typeof value === 'object' && Array.isArray((value as CartView).lines) && typeof (value as CartView).version === 'number');

const retryable = (status: number) => status >= 500 || status === 429 || status === 408;

/**
 * The wait a 429 asks for, in whole seconds: its `Retry-After` header (delay-seconds form), else
 * the body's `retry_after`; undefined when neither is a positive number.
 */
export function retryAfterSeconds(response: Response, data: Record<string, unknown>): number | undefined {
  const header = Number(response.headers.get('Retry-After') ?? '');
  if (Number.isFinite(header) && header > 0) return Math.ceil(header);
  const body = typeof data.retry_after === 'number' ? data.retry_after : NaN;
  return Number.isFinite(body) && body > 0 ? Math.ceil(body) : undefined;
}

/** The cart API over `fetchImpl` (the global fetch by default, looked up at call time). */
export function createCartApi(fetchImpl?: Fetch): CartApi {
  const doFetch: Fetch = (...args) => (fetchImpl ?? globalThis.fetch)(...args);
  return {
    async getCart(token) {
      try {
        const response = await doFetch(apiPaths.cart, { headers: { Accept: 'application/json', 'X-Cart-Token': token }, cache: 'no-store' });
        if (response.status === 404) return { kind: 'not_found' };
        if (!response.ok) return { kind: 'retry', status: response.status };
        const data = await jsonObject(response);
        return isCart(data.cart) ? { kind: 'ok', cart: data.cart } : { kind: 'retry', status: response.status };
      } catch (error) {
        return { kind: 'retry', status: null, error };
      }
    },

    async sendCommand(token, idempotencyKey, command) {
      let response: Response;
      try {
        response = await postJson(apiPaths.cartCommands, command, {
          headers: { 'X-Cart-Token': token, 'Idempotency-Key': idempotencyKey },
          fetchImpl: doFetch,
        });
      } catch (error) {
        return { kind: 'retry', status: null, error };
      }
      const data = await jsonObject(response);
      if (response.ok) {
        return isCart(data.cart) ? { kind: 'ok', cart: data.cart, replayed: Boolean(data.replayed) } : { kind: 'retry', status: response.status };
      }
      if (response.status === 429) {
        return {
          kind: 'retry',
          status: 429,
          retryAfter: retryAfterSeconds(response, data),
          limit: typeof data.limit === 'string' ? data.limit : undefined,
          message: typeof data.message === 'string' ? data.message : undefined,
        };
      }
      if (retryable(response.status)) return { kind: 'retry', status: response.status };
      const code = typeof data.code === 'string' ? data.code : `http_${response.status}`;
      const message = typeof data.message === 'string' ? data.message : 'The cart could not be updated.';
      if ((response.status === 409 || response.status === 422) && isCart(data.cart)) {
        return { kind: 'refused', status: response.status, code, message, cart: data.cart, replayed: Boolean(data.replayed) };
      }
      return { kind: 'rejected', status: response.status, code, message };
    },

    async sendAnalytics(cid, event) {
      const url =
        event.kind === 'added'
          ? apiPaths.gaAddedToCart({ cid, product_id: event.product_id, quantity: event.quantity, variation: event.variation_id ?? '', event_id: event.event_id })
          : apiPaths.gaRemovedFromCart({ cid, product_id: event.product_id, quantity: event.quantity, event_id: event.event_id });
      try {
        const response = await doFetch(url, { headers: { Accept: 'application/json' }, cache: 'no-store', keepalive: true });
        if (response.ok) return 'sent';
        return response.status === 400 || response.status === 422 ? 'drop' : 'retry';
      } catch {
        return 'retry';
      }
    },
  };
}
