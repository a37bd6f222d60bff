/**
 * A test double of the server's coupon commands (apply_coupon, remove_coupon, and
 * start_checkout with lines) on top of FakeCartServer. Percent coupons only; used by tests only.
 */
import type { CommandResult, ReadResult } from '../api/cartApi';
import type { CartCommand, CartModel, CartView } from '../types';
import { execute } from './decider';
import { cartView, emptyCart, halfUpDiv } from './rules';
import { FakeCartServer, type FakeServerOptions } from './testing';

export interface CouponServerOptions extends FakeServerOptions {
  /** code (lower case) -> percent off. */
  coupons?: Record<string, number>;
}

export class CouponCartServer extends FakeCartServer {
  coupons: Map<string, number>;
  /** Applied codes per cart token. */
  applied = new Map<string, string[]>();

  constructor(options: CouponServerOptions = {}) {
    super(options);
    this.coupons = new Map(Object.entries(options.coupons ?? {}));
  }

  /** The cart state with coupons and the discount, as the real server answers it. */
  view(token: string, cart: CartModel): CartView {
    const view = structuredClone(cartView(cart));
    const codes = this.applied.get(token) ?? [];
    const coupons = codes.map((code) => {
      const percent = this.coupons.get(code) ?? 0;
      return { code, discount_type: 'percent', amount: percent * 100, discount: halfUpDiv(view.totals.subtotal * percent, 100), free_shipping: false };
    });
    const discount = Math.min(view.totals.subtotal, coupons.reduce((sum, c) => sum + c.discount, 0));
    const total = view.totals.subtotal - discount;
    const rate = view.tax.rate_bp;
    return { ...view, coupons, totals: { ...view.totals, discount, total, tax_included: rate > 0 ? halfUpDiv(total * rate, 10000 + rate) : 0 } };
  }

  override async getCart(token: string): Promise<ReadResult> {
    const result = await super.getCart(token);
    const cart = this.cart(token);
    return result.kind === 'ok' && cart ? { kind: 'ok', cart: this.view(token, cart) } : result;
  }

  override async sendCommand(token: string, key: string, command: CartCommand): Promise<CommandResult> {
    if (command.type === 'apply_coupon' || command.type === 'remove_coupon' || (command.type === 'start_checkout' && command.lines)) {
      if (this.gate) await this.gate;
      this.received.push({ key, command, token });
      if (this.mode === 'down') return { kind: 'retry', status: null };
      if (typeof this.mode === 'number') return { kind: 'retry', status: this.mode };
      return this.decide(token, command);
    }
    const result = await super.sendCommand(token, key, command);
    const cart = this.cart(token);
    if (!cart || result.kind === 'retry' || result.kind === 'rejected') return result;
    return { ...result, cart: this.view(token, cart) };
  }

  private decide(token: string, command: CartCommand): CommandResult {
    const original = this.cart(token) ?? emptyCart();
    let cart = original;
    const codes = [...(this.applied.get(token) ?? [])];
    const refuse = (status: number, code: string, message: string): CommandResult => ({ kind: 'refused', status, code, message, cart: this.view(token, cart) });
    const run = (next: CartCommand) => {
      const decision = execute(cart, next, this.catalog());
      if (decision.kind === 'unknown') throw new Error('the fake server knows every fact');
      cart = { ...decision.cart, cart_id: `cart-${token.slice(0, 6)}` };
      return decision;
    };
    if (command.type === 'apply_coupon') {
      const code = command.code.toLowerCase();
      if (!this.coupons.has(code)) return refuse(409, 'coupon_not_found', `Coupon "${command.code}" does not exist!`);
      if (codes.includes(code)) return refuse(409, 'coupon_already_applied', `Coupon code "${command.code}" already applied!`);
      if (cart.version === 0) run({ type: 'clear' });
      cart = { ...cart, version: cart.version + 1 };
      codes.push(code);
    } else if (command.type === 'remove_coupon') {
      const code = command.code.toLowerCase();
      cart = { ...cart, version: cart.version + 1 };
      codes.splice(codes.indexOf(code), codes.includes(code) ? 1 : 0);
    } else if (command.type === 'start_checkout') {
      run({ type: 'clear' });
      for (const line of command.lines ?? []) {
        for (let i = 0; i < line.count; i++) {
          const decision = run({ type: 'add', product_id: line.product_id, variation_id: line.variation_id, configuration: line.configuration, recommended_by: line.recommended_by });
          if (decision.kind === 'refused') {
            cart = original; // atomic: nothing of the hand-off is kept
            return refuse(decision.refusal.status, decision.refusal.code, decision.refusal.message);
          }
        }
      }
      const decision = run({ type: 'start_checkout' });
      if (decision.kind === 'refused') {
        cart = original;
        return refuse(decision.refusal.status, decision.refusal.code, decision.refusal.message);
      }
    }
    this.carts.set(token, cart);
    this.applied.set(token, codes);
    return { kind: 'ok', cart: this.view(token, cart), replayed: false };
  }
}
