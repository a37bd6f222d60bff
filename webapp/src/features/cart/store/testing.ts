/**
 * Test doubles for the cart store: an in-memory cart server that decides with the same rules
 * (and remembers Idempotency-Keys like the real one), manual timers and a controllable network.
 * Used by tests only.
 */
import type { AnalyticsResult, CommandResult, ReadResult } from '../api/cartApi';
import type { CartCommand, CartModel, CountryFacts, GaEvent, ProductFacts } from '../types';
import type { CartDeps } from './runtime';
import { execute, type CatalogLookup } from './decider';
import { cartView, DEFAULT_COUNTRY, emptyCart } from './rules';

export interface FakeServerOptions {
  products?: ProductFacts[];
  countries?: CountryFacts[];
}

export class FakeCartServer {
  products = new Map<string, ProductFacts>();
  countries = new Map<string, CountryFacts>();
  carts = new Map<string, CartModel>();
  seen = new Map<string, { body: string; version: number; result: CommandResult }>();
  /** Every POST as received: key, command, token. */
  received: { key: string; command: CartCommand; token: string }[] = [];
  analyticsReceived: { cid: string; event: GaEvent }[] = [];
  /** Every GET of a cart: the token asked for. */
  reads: string[] = [];
  analyticsRecorded = new Set<string>();
  /** 'up' answers; 'down' = network error; a number = that HTTP status (e.g. 503). */
  mode: 'up' | 'down' | number = 'up';
  analyticsMode: 'up' | 'down' | number = 'up';
  /** Optional gate: commands wait for it before answering. */
  gate: Promise<void> | null = null;
  inFlight = 0;
  maxInFlight = 0;

  constructor(options: FakeServerOptions = {}) {
    for (const p of options.products ?? []) this.put(p);
    for (const c of [DEFAULT_COUNTRY, ...(options.countries ?? [])]) this.countries.set(c.code, c);
  }

  put(facts: ProductFacts) {
    this.products.set(`${facts.product_id}:${facts.variation_id ?? ''}`, facts);
  }

  catalog(): CatalogLookup {
    return {
      product: (id, variation) => this.products.get(`${id}:${variation ?? ''}`) ?? null,
      country: (code) => this.countries.get(code.toUpperCase()) ?? null,
    };
  }

  cart(token: string): CartModel | undefined {
    return this.carts.get(token);
  }

  /** Another client changes the cart behind the store's back. */
  runElsewhere(token: string, command: CartCommand) {
    const decision = execute(this.carts.get(token) ?? emptyCart(), command, this.catalog());
    if (decision.kind !== 'unknown') this.carts.set(token, { ...decision.cart, cart_id: `cart-${token.slice(0, 6)}` });
  }

  getCart(token: string): Promise<ReadResult> {
    this.reads.push(token);
    if (this.mode === 'down') return Promise.resolve<ReadResult>({ kind: 'retry', status: null });
    if (typeof this.mode === 'number') return Promise.resolve<ReadResult>({ kind: 'retry', status: this.mode });
    const cart = this.carts.get(token);
    return Promise.resolve<ReadResult>(cart ? { kind: 'ok', cart: structuredClone(cartView(cart)) } : { kind: 'not_found' });
  }

  async sendCommand(token: string, key: string, command: CartCommand): Promise<CommandResult> {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.gate) await this.gate;
      this.received.push({ key, command, token });
      if (this.mode === 'down') return { kind: 'retry', status: null };
      if (typeof this.mode === 'number') return { kind: 'retry', status: this.mode };
      const body = JSON.stringify(command);
      const seen = this.seen.get(`${token}:${key}`);
      if (seen) {
        if (seen.body !== body) return { kind: 'rejected', status: 409, code: 'idempotency_key_reused', message: 'reused' };
        return seen.result.kind === 'ok' || seen.result.kind === 'refused' ? { ...seen.result, replayed: true } : seen.result;
      }
      const current = this.carts.get(token) ?? emptyCart();
      const decision = execute(current, command, this.catalog());
      if (decision.kind === 'unknown') throw new Error('the fake server knows every fact');
      const next = { ...decision.cart, cart_id: `cart-${token.slice(0, 6)}` };
      this.carts.set(token, next);
      const view = structuredClone(cartView(next));
      const result: CommandResult =
        decision.kind === 'refused'
          ? { kind: 'refused', status: decision.refusal.status, code: decision.refusal.code, message: decision.refusal.message, cart: view }
          : { kind: 'ok', cart: view, replayed: false };
      this.seen.set(`${token}:${key}`, { body, version: next.version, result });
      return result;
    } finally {
      this.inFlight -= 1;
    }
  }

  sendAnalytics(cid: string, event: GaEvent): Promise<AnalyticsResult> {
    this.analyticsReceived.push({ cid, event });
    if (this.analyticsMode === 400) return Promise.resolve('drop');
    if (this.analyticsMode !== 'up') return Promise.resolve('retry');
    this.analyticsRecorded.add(event.event_id);
    return Promise.resolve('sent');
  }
}

/** Timers run by hand: `runAll()` fires what is due (all, regardless of delay). */
export class ManualTimers {
  pending: { fn: () => void; ms: number; id: number }[] = [];
  private next = 1;

  setTimer = (fn: () => void, ms: number) => {
    const id = this.next++;
    this.pending.push({ fn, ms, id });
    return id;
  };

  clearTimer = (handle: unknown) => {
    this.pending = this.pending.filter((t) => t.id !== handle);
  };

  runAll() {
    const due = this.pending;
    this.pending = [];
    for (const t of due) t.fn();
  }
}

export function testDeps(server: FakeCartServer, timers = new ManualTimers()) {
  let online = true;
  let listener: (() => void) | null = null;
  let n = 0;
  const deps: Partial<CartDeps> = {
    api: server,
    uuid: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    token: () => 'tok_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    now: () => 1_700_000_000_000,
    setTimer: timers.setTimer,
    clearTimer: timers.clearTimer,
    isOnline: () => online,
    random: () => 1,
    backoff: { baseMs: 1000, maxMs: 30_000 },
    onOnline: (fn) => {
      listener = fn;
      return () => {
        listener = null;
      };
    },
  };
  return {
    deps,
    timers,
    setOnline: (value: boolean) => {
      online = value;
      if (value) listener?.();
    },
  };
}

/** Let queued promise continuations run. */
export async function settle(rounds = 20) {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}
