/**
 * The cart store: a mirror of the server cart (services/cart) plus the browser's token, the
 * outbox of commands and the analytics outbox, as zustand slices. Persisted under "cart" with a
 * schema version: the spec's items [{id, variationId, count, configuration}] plus what a reload
 * or an offline spell needs (token, confirmed state, outbox, analytics, client id).
 */
import { create } from 'zustand';
import { createJSONStorage, persist, type PersistStorage, type StateStorage } from 'zustand/middleware';
import type { GaEvent, OutboxEntry, PersistedLine } from '../types';
import { createAnalyticsSlice, type AnalyticsSlice } from './analyticsSlice';
import { createCommandsSlice, type CommandsSlice } from './commandsSlice';
import { createListsSlice, type ListsSlice } from './listsSlice';
import { createOutboxSlice, type OutboxSlice } from './outboxSlice';
import { defaultDeps, type CartDeps, type CartRuntime } from './runtime';
import { mergeOtherTab, type SharedCart } from './crossTab';
import { displayCart, persistedItems, referencedFacts } from './sync';

export type CartState = CommandsSlice & OutboxSlice & AnalyticsSlice & ListsSlice;

export const CART_STORAGE_KEY = 'cart';
/** 1: client-only cart {items}; 2: server-backed cart (this file). 0: the old shop's bare array. */
export const CART_STORAGE_VERSION = 2;

/** The saved cart: the part tabs share (crossTab.ts: settled command keys, sent analytics ids, ...) and this tab's lines. */
export interface PersistedCart extends SharedCart {
  items: PersistedLine[];
  legacy: PersistedLine[] | null;
}

function legacyLines(saved: unknown): PersistedLine[] {
  const list = Array.isArray(saved) ? saved : ((saved as { items?: unknown } | null)?.items ?? []);
  if (!Array.isArray(list)) return [];
  return list.flatMap((raw) => {
    const entry = raw as Partial<PersistedLine> & { variation_id?: number };
    const id = Number(entry?.id);
    if (!Number.isInteger(id) || id <= 0) return [];
    const count = Math.max(0, Math.min(10, Math.trunc(Number(entry.count ?? 1)) || 0));
    const configuration = Array.isArray(entry.configuration) && entry.configuration.length > 0 ? entry.configuration : null;
    return [{ id, variationId: entry.variationId ?? entry.variation_id ?? null, count, configuration }];
  });
}

/** Saved states of older versions to the current shape. */
export function migrateCart(persisted: unknown, version: number): Partial<PersistedCart> {
  if (version < 2) return { legacy: legacyLines(persisted), outbox: [], analytics: [] };
  return persisted ?? {};
}

const arrayOr = <T,>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

export interface CreateCartStoreOptions {
  deps?: Partial<CartDeps>;
  storage?: () => StateStorage;
  /** Follow other tabs' writes to "cart" (the `storage` event); default true. */
  listenToOtherTabs?: boolean;
}

export function createCartStore(options: CreateCartStoreOptions = {}) {
  const runtime: CartRuntime = { deps: { ...defaultDeps(), ...options.deps }, timers: {}, waiters: new Map() };
  const storage: PersistStorage<PersistedCart> | undefined = createJSONStorage<PersistedCart>(options.storage ?? (() => localStorage));
  const store = create<CartState>()(
    persist(
      (...a) => ({
        ...createCommandsSlice(runtime)(...a),
        ...createOutboxSlice(runtime)(...a),
        ...createAnalyticsSlice(runtime)(...a),
        ...createListsSlice(...a),
      }),
      {
        name: CART_STORAGE_KEY,
        version: CART_STORAGE_VERSION,
        storage,
        partialize: (state): PersistedCart => ({
          items: persistedItems(state.cart),
          token: state.token,
          cid: state.cid,
          server: state.server,
          outbox: state.outbox,
          analytics: state.analytics,
          facts: referencedFacts(state, state.cart),
          legacy: state.legacy,
          settled: state.settled,
          sent: state.sent,
        }),
        migrate: (persisted, version) => migrateCart(persisted, version) as PersistedCart,
        merge: (persisted, current) => {
          const saved = (persisted ?? {}) as Partial<PersistedCart>;
          const next: CartState = {
            ...current,
            token: typeof saved.token === 'string' ? saved.token : current.token,
            cid: typeof saved.cid === 'string' ? saved.cid : current.cid,
            server: saved.server && Array.isArray(saved.server.lines) ? saved.server : null,
            outbox: arrayOr<OutboxEntry>(saved.outbox),
            analytics: arrayOr<GaEvent>(saved.analytics),
            facts: saved.facts && typeof saved.facts === 'object' ? saved.facts : {},
            legacy: Array.isArray(saved.legacy) ? saved.legacy : null,
            settled: arrayOr<string>(saved.settled),
            sent: arrayOr<string>(saved.sent),
          };
          return { ...next, cart: displayCart(next) };
        },
      },
    ),
  );

  const shared = (s: CartState): SharedCart => ({
    token: s.token,
    cid: s.cid,
    server: s.server,
    outbox: s.outbox,
    analytics: s.analytics,
    facts: s.facts,
    settled: s.settled,
    sent: s.sent,
  });

  /**
   * Merge what another tab wrote under "cart" (the raw JSON of the `storage` event) into this
   * tab (crossTab.ts). Nothing is set (so nothing is written back) unless the merge changes this
   * tab's state: two tabs settle after one exchange instead of echoing each other. Commands the
   * other tab queued are sent from here too if they are still pending a moment later (it may
   * have been closed); a command both tabs send lands once (same Idempotency-Key).
   */
  const absorbOtherTab = (raw: string | null) => {
    if (!raw) return;
    let parsed: { state?: unknown; version?: number };
    try {
      parsed = JSON.parse(raw) as { state?: unknown; version?: number };
    } catch {
      return;
    }
    if (parsed.version !== CART_STORAGE_VERSION || !parsed.state || typeof parsed.state !== 'object') return;
    const mine = shared(store.getState());
    const merged = mergeOtherTab(mine, parsed.state);
    if (JSON.stringify(merged) === JSON.stringify(mine)) return;
    const known = new Set(mine.outbox.map((e) => e.id));
    const foreign = merged.outbox.some((e) => !known.has(e.id));
    store.setState((s) => ({ ...merged, cart: displayCart({ ...s, ...merged }) }));
    if (foreign) runtime.deps.setTimer(() => void store.getState().flush(), OTHER_TAB_GRACE_MS);
  };
  if (typeof window !== 'undefined' && options.listenToOtherTabs !== false) {
    window.addEventListener('storage', (event) => {
      if (event.key === CART_STORAGE_KEY) absorbOtherTab(event.newValue);
    });
  }
  return Object.assign(store, { runtime, absorbOtherTab });
}

/** How long commands another tab queued are left to that tab before this one sends them. */
export const OTHER_TAB_GRACE_MS = 2000;

export const useCartStore = createCartStore();

// Narrow selectors: components re-render only when their part changes.
export const selectCart = (state: CartState) => state.cart;
export const selectItemCount = (state: CartState) => state.cart.totals.item_count;
export const selectNotice = (state: CartState) => state.notice;
export const selectPendingCount = (state: CartState) => state.outbox.length;
