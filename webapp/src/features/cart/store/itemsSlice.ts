import type { StateCreator } from 'zustand';
import type { Product, Variation } from '@/types/api';
import type { CartLine, ConfigurationEntry } from '../types';
import { applyCommand } from './rules';
import type { CartState } from './cartStore';

export interface ItemsSlice {
  items: CartLine[];
  add: (product: Product, options?: { variation?: Variation | null; configuration?: ConfigurationEntry[] | null }) => void;
  setCount: (key: string, count: number) => void;
  remove: (key: string) => void;
  clear: () => void;
  /** Attach catalogue data to lines restored from storage (by product id / variation id). */
  attachCatalogue: (products: Product[], variations: Variation[]) => void;
}

export const createItemsSlice: StateCreator<CartState, [], [], ItemsSlice> = (set) => ({
  items: [],
  add: (product, options = {}) =>
    set((state) => ({ items: applyCommand(state.items, { type: 'add', product, ...options }) })),
  setCount: (key, count) => set((state) => ({ items: applyCommand(state.items, { type: 'set_count', key, count }) })),
  remove: (key) => set((state) => ({ items: applyCommand(state.items, { type: 'remove', key }) })),
  clear: () => set({ items: [] }),
  attachCatalogue: (products, variations) =>
    set((state) => ({
      items: state.items.map((line) => {
        const product = products.find((p) => p.id === line.id) ?? line.product;
        const variation = line.variationId ? (variations.find((v) => v.id === line.variationId) ?? line.variation) : null;
        return { ...line, product, variation };
      }),
    })),
});
