/**
 * The persistent outbox of cart commands, flushed in order, one at a time, to
 * POST /api/cart/commands. Each entry keeps its Idempotency-Key (`id`) for every retry, so a
 * command the server already applied is answered from its history instead of applied twice.
 *
 * - network error, 5xx: keep the entry, retry with exponential backoff (or when back online);
 * - 429 (rate limited): keep the entry, send it again with the same key after `Retry-After`
 *   (at most a minute, see `retryDelay`); never dropped. Except a coupon guess refused by the
 *   `coupon_attempts` limit (docs/operations.md "Security"): it is settled as a refusal with the
 *   wait (`retryAfter`), so the coupon form tells the shopper and the rest of the cart does not
 *   queue behind it for minutes;
 * - 200: the server wins: the cart in its answer (the cart right after this command, other
 *   tabs' commands included) becomes the mirror and the pending later commands are re-applied
 *   on top of it; no version is predicted or compared. A replayed answer (the key was applied
 *   before, perhaps by another tab) is the cart as it was back then: it never replaces a newer
 *   mirror, and the cart is re-read (GET /api/cart);
 * - 409/422 refusal: reconcile to the cart in the answer, drop the entry, tell the shopper;
 * - any other 4xx: drop the entry (sending it again cannot help) and re-read the cart.
 */
import type { StateCreator } from 'zustand';
import type { CartView, CountDelta, GaEvent, OutboxEntry, Refusal } from '../types';
import type { CartState } from './cartStore';
import { countDeltas } from './rules';
import { retryDelay, type CartRuntime } from './runtime';
import { SETTLED_KEPT, unionIds } from './crossTab';
import { baseModel, displayCart, isTracked } from './sync';

export const MAX_ANALYTICS_QUEUE = 500;
const deltaKey = (d: CountDelta) => `${d.product_id}:${d.variation_id ?? 0}`;
/** The 429 `limit` of refused coupon guesses (services/shared/ratelimit.py). */
export const COUPON_LIMIT = 'coupon_attempts';

export interface OutboxSlice {
  outbox: OutboxEntry[];
  /** Idempotency-Keys of the last settled commands (persisted; see crossTab.ts). */
  settled: string[];
  /** A flush is running (memory only). */
  flushing: boolean;
  flush: () => Promise<void>;
}

export const createOutboxSlice =
  (runtime: CartRuntime): StateCreator<CartState, [], [], OutboxSlice> =>
  (set, get) => {
    const { deps } = runtime;

    const scheduleRetry = (attempts: number, retryAfter?: number) => {
      if (runtime.timers.outbox !== undefined) deps.clearTimer(runtime.timers.outbox);
      runtime.timers.outbox = undefined;
      if (!deps.isOnline()) return; // the `online` event flushes
      runtime.timers.outbox = deps.setTimer(() => {
        runtime.timers.outbox = undefined;
        void get().flush();
      }, retryDelay(deps, attempts, retryAfter));
    };

    /**
     * Drop `entry`, take the server's cart, queue the analytics hits of what changed. A caller
     * waiting for this entry (`submit`) gets the answer (`notice` or `rejected`) instead of the
     * shared notice.
     */
    const settle = (entry: OutboxEntry, server: CartView | null, deltas: CountDelta[], notice: Refusal | null, rejected: Refusal | null = null, replayed = false) => {
      const waiter = runtime.waiters?.get(entry.id);
      runtime.waiters?.delete(entry.id);
      // Hit ids derived from the command's key: a second tab settling the same command (answered
      // from the server's history) queues the same ids, which the server counts once.
      const hits: GaEvent[] = deltas.map((d) => ({
        event_id: `${entry.id}:${d.product_id}:${d.variation_id ?? 0}`,
        kind: d.delta > 0 ? 'added' : 'removed',
        product_id: d.product_id,
        variation_id: d.variation_id,
        quantity: Math.abs(d.delta),
        createdAt: deps.now(),
        attempts: 0,
      }));
      set((s) => {
        const outbox = s.outbox.filter((e) => e.id !== entry.id);
        const mirror = server && !(replayed && s.server && s.server.version > server.version) ? server : s.server;
        return {
          server: mirror,
          outbox,
          settled: unionIds(s.settled, [entry.id], SETTLED_KEPT),
          cart: displayCart({ ...s, server: mirror, outbox }),
          analytics: [...s.analytics, ...hits].slice(-MAX_ANALYTICS_QUEUE),
          notice: (waiter ? null : notice) ?? s.notice,
        };
      });
      if (hits.length > 0) void get().flushAnalytics();
      const failure = notice ?? rejected;
      waiter?.(failure ? { ok: false, ...failure } : { ok: true });
    };

    return {
      outbox: [],
      settled: [],
      flushing: false,

      async flush() {
        if (get().flushing) return;
        if (runtime.timers.outbox !== undefined) {
          deps.clearTimer(runtime.timers.outbox);
          runtime.timers.outbox = undefined;
        }
        set({ flushing: true });
        try {
          for (;;) {
            const state = get();
            const entry = state.outbox[0];
            if (!entry) break;
            let token = state.token;
            if (!token) {
              token = deps.token();
              set({ token });
            }
            // The last confirmed state, to tell what this command changed (analytics).
            const base = baseModel(state.server);

            const result = await deps.api.sendCommand(token, entry.id, entry.command);

            if (result.kind === 'retry' && result.limit === COUPON_LIMIT && entry.command.type === 'apply_coupon') {
              const message = result.message ?? 'Too many coupon attempts. Please try again later.';
              settle(entry, null, [], { code: 'rate_limited', message, status: 429, retryAfter: result.retryAfter });
              continue;
            }
            if (result.kind === 'retry') {
              const attempts = entry.attempts + 1;
              set((s) => ({ outbox: s.outbox.map((e) => (e.id === entry.id ? { ...e, attempts } : e)) }));
              scheduleRetry(attempts, result.status === 429 ? result.retryAfter : undefined);
              break;
            }
            if (result.kind === 'ok') {
              // What the server applied (its answer against the last confirmed state), for the
              // products this command touches (as decided when it was queued): another tab's
              // changes to other products, which the answer also shows, are not this command's.
              const applied = countDeltas(base, result.cart);
              const touched = entry.deltas ? new Set(entry.deltas.map(deltaKey)) : null;
              const deltas = isTracked(entry.command) ? (touched ? applied.filter((d) => touched.has(deltaKey(d))) : applied) : [];
              settle(entry, result.cart, deltas, null, null, result.replayed);
              if (result.replayed) await get().refresh();
            } else if (result.kind === 'refused') {
              settle(entry, result.cart, [], { code: result.code, message: result.message, status: result.status }, null, result.replayed ?? false);
              if (result.replayed) await get().refresh();
            } else {
              console.warn(`cart command ${entry.command.type} rejected: ${result.status} ${result.code}`);
              settle(entry, null, [], null, { code: result.code, message: result.message, status: result.status });
              await get().refresh();
            }
          }
        } finally {
          set({ flushing: false });
        }
      },
    };
  };
