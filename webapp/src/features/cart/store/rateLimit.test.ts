import type { CommandResult } from '../api/cartApi';
import type { CartCommand } from '../types';
import type { Product } from '@/types/api';
import { createCartStore } from './cartStore';
import { productFacts } from './facts';
import { RETRY_AFTER_CAP_MS } from './runtime';
import { settle, testDeps } from './testing';
import { CouponCartServer } from './testingCoupons';
import { fixture, productAcf } from '@/test/apiFixtures';

const tyr: Product = fixture<Product>({
  id: 101, name: 'Tyr TKL', slug: 'tyr-tkl', type: 'simple', sku: 'TYR',
  price: '139.99', regular_price: '139.99', sale_price: '', price_usd: '149.99', regular_price_usd: '149.99', sale_price_usd: '',
  stock_status: 'instock', manage_stock: false, stock_quantity: null, backorders: 'no',
  categories: [{ id: 15, name: 'Keyboards', slug: 'keyboards' }], acf: productAcf(),
});

/** A coupon server that first answers the queued 429s (docs/operations.md "Security"). */
class LimitedServer extends CouponCartServer {
  limited: { retryAfter?: number; limit: string; message: string }[] = [];

  override async sendCommand(token: string, key: string, command: CartCommand): Promise<CommandResult> {
    const next = this.limited.shift();
    if (next) {
      this.received.push({ key, command, token });
      return { kind: 'retry', status: 429, ...next };
    }
    return super.sendCommand(token, key, command);
  }
}

function setup() {
  const server = new LimitedServer({ products: [productFacts(tyr)], coupons: { welcome10: 10 } });
  const env = testDeps(server);
  const store = createCartStore({ deps: env.deps });
  return { server, store, ...env };
}

const TOO_FAST = { limit: 'cart_commands', message: 'Too many cart changes at once. Please try again in 7 seconds.' };

describe('cart outbox: rate limits (429 rate_limited)', () => {
  it('waits Retry-After, then sends the same command with the same Idempotency-Key', async () => {
    const { store, server, timers } = setup();
    server.limited.push({ ...TOO_FAST, retryAfter: 7 });
    store.getState().add(tyr);
    await settle(60);
    expect(store.getState().outbox).toHaveLength(1); // kept, still shown in the cart
    expect(store.getState().cart.lines).toHaveLength(1);
    expect(timers.pending.map((t) => t.ms)).toEqual([7000]);
    timers.runAll();
    await settle(60);
    expect(store.getState().outbox).toEqual([]);
    expect(server.received.map((r) => r.key)).toEqual([server.received[0].key, server.received[0].key]);
    expect(server.cart(store.getState().token!)?.lines).toHaveLength(1);
    expect(store.getState().notice).toBeNull();
  });

  it('never waits longer than the cap at a time and never drops the command', async () => {
    const { store, server, timers } = setup();
    server.limited.push({ ...TOO_FAST, retryAfter: 600 }, { ...TOO_FAST, retryAfter: 540 }, { ...TOO_FAST });
    store.getState().add(tyr);
    await settle(60);
    expect(timers.pending.map((t) => t.ms)).toEqual([RETRY_AFTER_CAP_MS]);
    timers.runAll();
    await settle(60);
    expect(timers.pending.map((t) => t.ms)).toEqual([RETRY_AFTER_CAP_MS]);
    timers.runAll();
    await settle(60);
    expect(timers.pending.map((t) => t.ms)).toEqual([4000]); // no Retry-After: the backoff (3rd attempt)
    expect(store.getState().outbox).toHaveLength(1);
    timers.runAll();
    await settle(60);
    expect(store.getState().outbox).toEqual([]);
    expect(new Set(server.received.map((r) => r.key)).size).toBe(1);
  });

  it('settles a coupon guess over the coupon limit with the wait, and the cart goes on', async () => {
    const { store, server, timers } = setup();
    store.getState().add(tyr);
    await settle(60);
    server.limited.push({ limit: 'coupon_attempts', retryAfter: 540, message: 'Too many coupon attempts. Please try again in 9 minutes.' });
    const answer = store.getState().applyCoupon('GUESS');
    store.getState().setCount(store.getState().cart.lines[0].line_id, 2);
    await expect(answer).resolves.toEqual({
      ok: false,
      code: 'rate_limited',
      status: 429,
      retryAfter: 540,
      message: 'Too many coupon attempts. Please try again in 9 minutes.',
    });
    await settle(60);
    expect(timers.pending).toEqual([]);
    expect(store.getState().outbox).toEqual([]);
    expect(store.getState().cart.lines[0].count).toBe(2);
    expect(store.getState().notice).toBeNull();
  });
});
