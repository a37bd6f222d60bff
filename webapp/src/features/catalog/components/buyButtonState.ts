import { isComingSoon, isConfigurable, isPreOrder } from '@/lib/products';
import type { Priced, Product, Variation } from '@/types/api';
import type { BuyButtonState } from '../types';

interface Options {
  stockLoading?: boolean;
  variation?: Variation | null;
  /** With show_both_configure_and_buy the buy button ignores the configurator. */
  ignoreConfigurable?: boolean;
}

/** docs/spec.md section 4 "Button labels", in priority order. */
export function buyButtonState(product: Product, { stockLoading = false, variation = null, ignoreConfigurable = false }: Options = {}): BuyButtonState {
  if (isComingSoon(product)) return { kind: 'coming_soon', label: 'Coming Soon', disabled: true };
  if (stockLoading) return { kind: 'loading', label: 'Checking stock…', disabled: true };
  if (!ignoreConfigurable && isConfigurable(product)) return { kind: 'customize', label: 'Customize', disabled: false };
  const stock: Priced = variation ?? product;
  if (isPreOrder(stock)) return { kind: 'preorder', label: 'Add to cart (pre-order)', disabled: false };
  if (stock.stock_status === 'instock') return { kind: 'add', label: 'Add to cart', disabled: false };
  return { kind: 'unavailable', label: product.acf?.buttonText || 'Out of stock', disabled: true };
}
