/**
 * The client cart: zustand slices persisted under "cart" as
 * [{id, variationId, count, configuration}] (spec section 3). Catalogue data
 * is re-loaded after a reload, never trusted from storage.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { isPreOrder } from '@/lib/products';
import { priceOf, sumCents, toCents, type Cents } from '@/lib/money';
import type { Currency } from '@/types/api';
import type { CartLine, PersistedLine } from '../types';
import { createCountrySlice, type CountrySlice } from './countrySlice';
import { createItemsSlice, type ItemsSlice } from './itemsSlice';
import { fromPersisted, toPersisted } from './rules';

export type CartState = ItemsSlice & CountrySlice;

export const CART_STORAGE_KEY = 'cart';
export const CART_STORAGE_VERSION = 1;

interface PersistedCart {
  items: PersistedLine[];
}

export function createCartStore() {
  return create<CartState>()(
    persist(
      (...a) => ({ ...createItemsSlice(...a), ...createCountrySlice(...a) }),
      {
        name: CART_STORAGE_KEY,
        version: CART_STORAGE_VERSION,
        storage: createJSONStorage(() => localStorage),
        partialize: (state): PersistedCart => ({ items: toPersisted(state.items) }),
        // Version 0 (the old shop) saved a bare array of lines.
        migrate: (persisted) => ({ items: Array.isArray(persisted) ? persisted : ((persisted as PersistedCart | undefined)?.items ?? []) }),
        merge: (persisted, current) => ({ ...current, items: fromPersisted((persisted as PersistedCart | undefined)?.items) }),
      },
    ),
  );
}

export const useCartStore = createCartStore();

// Selectors (narrow, so components re-render only when their slice changes).
export const selectItemCount = (state: CartState) => state.items.reduce((sum, line) => sum + line.count, 0);

/** Unit price of a line in cents: product or variation price plus configuration extras. */
export function lineUnitPrice(line: CartLine, currency: Currency): Cents | null {
  const source = line.variation ?? line.product;
  if (!source) return null;
  const extras = sumCents((line.configuration ?? []).map((entry) => toCents(entry.extra_price ?? null) ?? 0));
  return priceOf(source, currency).price + extras;
}

export function lineTotal(line: CartLine, currency: Currency): Cents | null {
  const unit = lineUnitPrice(line, currency);
  return unit === null ? null : unit * line.count;
}

export function cartSubtotal(lines: CartLine[], currency: Currency): Cents {
  return sumCents(lines.map((line) => lineTotal(line, currency) ?? 0));
}

export function lineIsPreOrder(line: CartLine): boolean {
  if ((line.configuration ?? []).some((entry) => entry.has_backorder)) return true;
  const source = line.variation ?? line.product;
  return source ? isPreOrder(source) : false;
}
