/**
 * The analytics outbox (docs/spec.md section 7): added-to-cart / removed-from-cart hits with a uuid
 * `event_id`, persisted, sent in order with GET and retried (backoff, or when back online) until
 * a 2xx, then dropped (also dropped when the server calls the hit malformed, 400/422, which no
 * retry can fix). A retry never double counts: the server dedupes on `event_id`.
 */
import type { StateCreator } from 'zustand';
import type { GaEvent } from '../types';
import type { CartState } from './cartStore';
import { SENT_KEPT, unionIds } from './crossTab';
import { backoffDelay, type CartRuntime } from './runtime';

export interface AnalyticsSlice {
  /** The persistent client id (cid) analytics hits are sent with. */
  cid: string | null;
  analytics: GaEvent[];
  /** Ids of the last hits sent (or dropped) (persisted; see crossTab.ts). */
  sent: string[];
  analyticsFlushing: boolean;
  flushAnalytics: () => Promise<void>;
}

export const createAnalyticsSlice =
  (runtime: CartRuntime): StateCreator<CartState, [], [], AnalyticsSlice> =>
  (set, get) => {
    const { deps } = runtime;

    const scheduleRetry = (attempts: number) => {
      if (runtime.timers.analytics !== undefined) deps.clearTimer(runtime.timers.analytics);
      runtime.timers.analytics = undefined;
      if (!deps.isOnline()) return;
      runtime.timers.analytics = deps.setTimer(() => {
        runtime.timers.analytics = undefined;
        void get().flushAnalytics();
      }, backoffDelay(deps, attempts));
    };

    return {
      cid: null,
      analytics: [],
      sent: [],
      analyticsFlushing: false,

      async flushAnalytics() {
        if (get().analyticsFlushing) return;
        if (runtime.timers.analytics !== undefined) {
          deps.clearTimer(runtime.timers.analytics);
          runtime.timers.analytics = undefined;
        }
        set({ analyticsFlushing: true });
        try {
          for (;;) {
            const event = get().analytics[0];
            if (!event) break;
            let cid = get().cid;
            if (!cid) {
              cid = deps.uuid();
              set({ cid });
            }
            const result = await deps.api.sendAnalytics(cid, event);
            if (result === 'drop') console.warn(`analytics hit ${event.event_id} refused by the server; dropped`);
            if (result === 'retry') {
              const attempts = event.attempts + 1;
              set((s) => ({ analytics: s.analytics.map((e) => (e.event_id === event.event_id ? { ...e, attempts } : e)) }));
              scheduleRetry(attempts);
              break;
            }
            set((s) => ({ analytics: s.analytics.filter((e) => e.event_id !== event.event_id), sent: unionIds(s.sent, [event.event_id], SENT_KEPT) }));
          }
        } finally {
          set({ analyticsFlushing: false });
        }
      },
    };
  };
