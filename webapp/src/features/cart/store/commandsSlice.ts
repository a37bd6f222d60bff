/**
 * The cart mirror and its commands (docs/spec.md section 4: init, clear, add, set_count, remove,
 * set_country, set_payment_intent). A command is decided by the rules right away (a refusal is
 * shown and never queued), appended to the persistent outbox, and the outbox is flushed.
 */
import type { StateCreator } from 'zustand';
import { productPath } from '@/lib/products';
import type { Country, Product, Variation } from '@/types/api';
import type { CartCommand, CartView, CheckoutLine, CountryFacts, LegacyConfigurationEntry, OutboxEntry, PaymentIntent, PersistedLine, Refusal } from '../types';
import type { CartState } from './cartStore';
import { configurationKeys, countryFacts, factsKey, productFacts, type TaxRateJson } from './facts';
import { execute } from './decider';
import { cartModel, cartView, countDeltas, emptyCart, MAX_COUNT } from './rules';
import type { CartRuntime } from './runtime';
import { carryDiscount, displayCart, isTracked, lookup, type FactsEntry } from './sync';

export type CommandOutcome = { ok: true; pending: boolean } | ({ ok: false } & Refusal);
/** The server's answer to a submitted command: applied, or refused with its code and message. */
export type ServerOutcome = { ok: true } | ({ ok: false } & Refusal);

export interface AddOptions {
  variation?: Variation | null;
  /** Chosen configurator entries, or "layer_id:choice_id" keys. */
  configuration?: readonly (string | LegacyConfigurationEntry)[] | null;
  /** The product (or its id) whose recommendation this add follows. */
  recommendedBy?: Product | number | null;
}

export interface CommandsSlice {
  /** The cart token (X-Cart-Token), made in the browser. */
  token: string | null;
  /** The last cart state the server confirmed (null: the server has none yet). */
  server: CartView | null;
  /** What the shopper sees: `server` plus the pending commands. */
  cart: CartView;
  facts: Record<string, FactsEntry>;
  countries: Record<string, CountryFacts>;
  /** Lines of the old client-only cart (storage version 1), re-added on init. */
  legacy: PersistedLine[] | null;
  didInit: boolean;
  /** The last refusal, for the shopper. */
  notice: Refusal | null;

  init: () => Promise<void>;
  refresh: () => Promise<void>;
  dispatch: (command: CartCommand) => CommandOutcome;
  add: (product: Product, options?: AddOptions) => CommandOutcome;
  setCount: (lineId: string, count: number) => CommandOutcome;
  remove: (lineId: string) => CommandOutcome;
  setCountry: (code: string) => CommandOutcome;
  setPaymentIntent: (intent: PaymentIntent) => CommandOutcome;
  clear: () => CommandOutcome;
  startCheckout: () => CommandOutcome;
  /**
   * Queue `command` through the outbox like `dispatch`, and resolve with the server's answer
   * (a refusal goes to the caller, not to `notice`). For server-decided commands: coupons and
   * the hand-off are not applied optimistically.
   */
  submit: (command: CartCommand) => Promise<ServerOutcome>;
  /**
   * apply_coupon: the server checks the coupon (docs/spec.md section 5) and answers with the cart.
   * No email is sent: the cart never holds personal data, and checkout checks the email rules
   * with the billing email (docs/events.md, "Coupons").
   */
  applyCoupon: (code: string) => Promise<ServerOutcome>;
  removeCoupon: (code: string) => Promise<ServerOutcome>;
  /**
   * The checkout hand-off (docs/spec.md section 4): start_checkout with the shopper's lines (count above 0), so
   * the server cart is made to match them in one command and CheckoutStarted is recorded.
   */
  handOff: () => Promise<ServerOutcome>;
  rememberProduct: (product: Product, variation?: Variation | null) => void;
  rememberCountries: (countries: readonly Pick<Country, 'code' | 'name' | 'currency'>[], taxes: readonly TaxRateJson[]) => void;
  dismissNotice: () => void;
}

const optionsLabel = (variation: Variation | null | undefined) =>
  (variation?.attributes ?? []).map((a) => [a.name, a.option].filter(Boolean).join(': ')).join(' · ');

export const createCommandsSlice =
  (runtime: CartRuntime): StateCreator<CartState, [], [], CommandsSlice> =>
  (set, get) => {
    const { deps } = runtime;

    const ensureToken = (): string => {
      const { token } = get();
      if (token) return token;
      const fresh = deps.token();
      set({ token: fresh });
      return fresh;
    };

    const entryFor = (product: Product, variation: Variation | null): FactsEntry => ({
      facts: productFacts(product, variation),
      path: productPath(product),
      options: optionsLabel(variation),
    });

    const enqueue = (command: CartCommand, waiter?: (answer: ServerOutcome) => void): CommandOutcome => {
      const state = get();
      const before = cartModel(state.cart);
      const decision = execute(before, command, lookup(state));
      if (decision.kind === 'refused') {
        set({ notice: decision.refusal });
        return { ok: false, ...decision.refusal };
      }
      ensureToken();
      const entry: OutboxEntry = { id: deps.uuid(), command, createdAt: deps.now(), attempts: 0 };
      if (decision.kind === 'applied' && isTracked(command)) entry.deltas = countDeltas(before, decision.cart);
      if (waiter) {
        if (!runtime.waiters) runtime.waiters = new Map();
        runtime.waiters.set(entry.id, waiter);
      }
      set((s) => ({
        outbox: [...s.outbox, entry],
        cart: decision.kind === 'applied' ? carryDiscount(cartView(decision.cart), s.server) : s.cart,
        notice: null,
      }));
      void get().flush();
      return { ok: true, pending: decision.kind === 'unknown' };
    };

    return {
      token: null,
      server: null,
      cart: cartView(emptyCart()),
      facts: {},
      countries: {},
      legacy: null,
      didInit: false,
      notice: null,

      async init() {
        // No token yet for a browser that never sent a command: the first command makes one
        // (enqueue, flush). Reading a cart for a token made here could only answer 404, on
        // every new visitor's first page, which the browser logs as a console error.
        if (!get().cid) set({ cid: deps.uuid() });
        const { legacy } = get();
        if (legacy && legacy.length > 0) {
          // The old client-only cart: add its lines again (the server decides; no optimistic apply without facts).
          const entries: OutboxEntry[] = legacy.flatMap((line) => {
            const configuration = configurationKeys(line.configuration as LegacyConfigurationEntry[] | null);
            const times = configuration ? Math.min(1, line.count) : Math.max(0, Math.min(MAX_COUNT, Math.trunc(line.count)));
            const command: CartCommand = { type: 'add', product_id: line.id, variation_id: line.variationId ?? null, configuration };
            return Array.from({ length: times }, () => ({ id: deps.uuid(), command, createdAt: deps.now(), attempts: 0 }));
          });
          set((s) => ({ legacy: null, outbox: [...s.outbox, ...entries] }));
        } else if (legacy) {
          set({ legacy: null });
        }
        if (!runtime.unsubscribeOnline) {
          runtime.unsubscribeOnline = deps.onOnline(() => {
            void get().flush();
            void get().flushAnalytics();
          });
        }
        await get().refresh(); // with a token only: the cart comes back even if the mirror was lost
        set({ didInit: true });
        void get().flushAnalytics();
        await get().flush();
      },

      async refresh() {
        const token = get().token;
        if (!token) return;
        const result = await deps.api.getCart(token);
        if (result.kind === 'retry') return; // offline: keep the saved mirror
        set((s) => {
          let server = s.server;
          if (result.kind === 'not_found') server = null;
          else if (!s.server || result.cart.cart_id !== s.server.cart_id || result.cart.version >= s.server.version) server = result.cart;
          return { server, cart: displayCart({ ...s, server }) };
        });
      },

      dispatch: (command) => enqueue(command),

      add(product, options = {}) {
        const variation = options.variation ?? null;
        get().rememberProduct(product, variation);
        const recommender = options.recommendedBy ?? null;
        if (recommender !== null && typeof recommender === 'object') get().rememberProduct(recommender, null);
        const recommendedBy = recommender === null ? null : typeof recommender === 'number' ? recommender : recommender.id;
        const configuration = configurationKeys(options.configuration ?? null);
        const command: CartCommand = { type: 'add', product_id: product.id };
        if (variation) command.variation_id = variation.id;
        if (configuration) command.configuration = configuration;
        if (recommendedBy !== null && recommendedBy !== -1) command.recommended_by = recommendedBy;
        const outcome = get().dispatch(command);
        if (outcome.ok) {
          set((s) => ({ productAddedToCart: product, recommendedProducts: s.recommendedProducts.filter((p) => p.id !== product.id) }));
        }
        return outcome;
      },

      setCount: (lineId, count) => get().dispatch({ type: 'set_count', line_id: lineId, count: Math.max(0, Math.min(MAX_COUNT, Math.trunc(count))) }),

      remove(lineId) {
        const line = get().cart.lines.find((l) => l.line_id === lineId);
        const outcome = get().dispatch({ type: 'remove', line_id: lineId });
        if (outcome.ok && line) {
          // docs/spec.md section 4: remove clears the discount flag of recommendations tied to the removed product.
          set((s) => ({
            recommendedProductsData: Object.fromEntries(
              Object.entries(s.recommendedProductsData).map(([key, data]) => [key, data.recommendedBy === line.product_id ? { ...data, useDiscount: false } : data]),
            ),
          }));
        }
        return outcome;
      },

      setCountry: (code) => get().dispatch({ type: 'set_country', country: code.toUpperCase() }),
      setPaymentIntent: (intent) => get().dispatch({ type: 'set_payment_intent', intent }),
      clear: () => get().dispatch({ type: 'clear' }),
      startCheckout: () => get().dispatch({ type: 'start_checkout' }),

      submit: (command) =>
        new Promise<ServerOutcome>((resolve) => {
          const outcome = enqueue(command, resolve);
          if (!outcome.ok) resolve(outcome);
        }),

      applyCoupon: (code) => get().submit({ type: 'apply_coupon', code: code.trim() }),
      removeCoupon: (code) => get().submit({ type: 'remove_coupon', code }),

      handOff() {
        const lines: CheckoutLine[] = get()
          .cart.lines.filter((line) => line.count > 0)
          .map((line) => ({
            product_id: line.product_id,
            variation_id: line.variation_id ?? null,
            count: line.count,
            configuration: line.configuration?.length ? line.configuration.map((c) => `${c.layer_id}:${c.choice_id}`) : null,
            recommended_by: line.recommended_by ?? null,
          }));
        return get().submit({ type: 'start_checkout', lines });
      },

      rememberProduct(product, variation = null) {
        const entries: Record<string, FactsEntry> = { [factsKey(product.id, null)]: entryFor(product, null) };
        if (variation) entries[factsKey(product.id, variation.id)] = entryFor(product, variation);
        set((s) => ({ facts: { ...s.facts, ...entries } }));
      },

      rememberCountries(countries, taxes) {
        const known = Object.fromEntries(countries.map((c) => [c.code, countryFacts(c, taxes)]));
        set((s) => {
          const next = { ...s, countries: { ...s.countries, ...known } };
          return { countries: next.countries, cart: displayCart(next) };
        });
      },

      dismissNotice: () => set({ notice: null }),
    };
  };
