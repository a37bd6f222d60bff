import { cartView, emptyCart } from '../store/rules';
import { createCartApi } from './cartApi';

const cart = cartView({ ...emptyCart(), version: 2, cart_id: 'c' });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('cart API client', () => {
  it('POSTs a command with the token and the Idempotency-Key, never a price', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(json(200, { cart, replayed: true })));
    const api = createCartApi(fetchMock);
    expect(await api.sendCommand('tok', 'key-1', { type: 'add', product_id: 5 })).toEqual({ kind: 'ok', cart, replayed: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/cart/commands');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ 'X-Cart-Token': 'tok', 'Idempotency-Key': 'key-1' });
    expect(JSON.parse(init.body as string)).toEqual({ type: 'add', product_id: 5 });
  });

  it('classifies answers: refusal with a cart, retry on network error and 5xx, rejected otherwise', async () => {
    const answers = [
      json(409, { code: 'count_capped', message: 'm', cart }),
      json(503, {}),
      json(409, { code: 'idempotency_key_reused', message: 'r' }),
      json(422, { code: 'invalid_request', message: 'bad' }),
    ];
    const fetchMock = vi.fn(async () => answers.shift() ?? Promise.reject(new TypeError('Failed to fetch')));
    const api = createCartApi(fetchMock);
    const send = () => api.sendCommand('tok', 'k', { type: 'clear' });
    expect(await send()).toEqual({ kind: 'refused', status: 409, code: 'count_capped', message: 'm', cart, replayed: false });
    expect(await send()).toMatchObject({ kind: 'retry', status: 503 });
    expect(await send()).toMatchObject({ kind: 'rejected', status: 409, code: 'idempotency_key_reused' });
    expect(await send()).toMatchObject({ kind: 'rejected', status: 422, code: 'invalid_request' });
    expect(await send()).toMatchObject({ kind: 'retry', status: null });
  });

  it('reads a 429: the wait from Retry-After (else the body), the limit and the message', async () => {
    const limited = (headers: Record<string, string>, body: Record<string, unknown>) =>
      new Response(JSON.stringify({ code: 'rate_limited', message: 'Too many coupon attempts. Please try again in 9 minutes.', ...body }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', ...headers },
      });
    const answers = [limited({ 'Retry-After': '540' }, { retry_after: 1, limit: 'coupon_attempts' }), limited({}, { retry_after: 7, limit: 'cart_commands' }), limited({}, {})];
    const fetchMock = vi.fn(() => Promise.resolve(answers.shift()!));
    const api = createCartApi(fetchMock);
    const send = () => api.sendCommand('tok', 'k', { type: 'apply_coupon', code: 'X' });
    expect(await send()).toEqual({
      kind: 'retry',
      status: 429,
      retryAfter: 540,
      limit: 'coupon_attempts',
      message: 'Too many coupon attempts. Please try again in 9 minutes.',
    });
    expect(await send()).toMatchObject({ kind: 'retry', status: 429, retryAfter: 7, limit: 'cart_commands' });
    expect(await send()).toMatchObject({ kind: 'retry', status: 429, retryAfter: undefined, limit: undefined });
  });

  it('reads the cart: ok, not_found on 404, retry when offline', async () => {
    const answers = [json(200, { cart }), json(404, { code: 'cart_not_found' })];
    const fetchMock = vi.fn(async () => answers.shift() ?? Promise.reject(new TypeError('offline')));
    const api = createCartApi(fetchMock);
    expect(await api.getCart('tok')).toEqual({ kind: 'ok', cart });
    expect(await api.getCart('tok')).toEqual({ kind: 'not_found' });
    expect(await api.getCart('tok')).toMatchObject({ kind: 'retry' });
  });
});
