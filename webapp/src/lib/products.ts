/** Product rules shared by the catalogue and the cart (docs/spec.md sections 2 and 4). */
import { MAX_CART_COUNT } from '@/config/site';
import { paths } from '@/config/paths';
import type { Currency, Priced, Product, Variation } from '@/types/api';
import { priceOf, type PriceInfo } from './money';

export const isHidden = (product: Pick<Product, 'acf'>): boolean => Boolean(product.acf?.hide_product);
export const isComingSoon = (product: Pick<Product, 'acf'>): boolean => product.acf?.availability === 'coming_soon';
export const isConfigurable = (product: Pick<Product, 'acf' | 'isConfigurable'>): boolean =>
  Boolean(product.isConfigurable || product.acf?.showConfiguratorLink);

/**
 * The product page URL (docs/spec.md section 2.2): its first category's slug + product slug; hidden
 * products link to '/'. Every category has a route (they come from the catalogue, section 2.1).
 * Draft and pending products also open at category / parent category / slug; the links built here
 * leave the optional parent out (the product's JSON names its categories, not their parents).
 */
export function productPath(product: Pick<Product, 'slug' | 'categories' | 'acf'> & Partial<Pick<Product, 'status'>>): string {
  if (isHidden(product)) return paths.home;
  const categories = product.categories ?? [];
  const category = categories[0];
  if (!category) return paths.home;
  return paths.product(category.slug, product.slug);
}

/** docs/spec.md section 4: stock quantity at most 0 with backorders 'yes', or stock_status onbackorder. */
export function isPreOrder(item: Priced): boolean {
  if (item.stock_status === 'onbackorder') return true;
  return typeof item.stock_quantity === 'number' && item.stock_quantity <= 0 && item.backorders === 'yes';
}

/** Which record carries stock: a variation that manages its own stock, else the product. */
export function stockSource(product: Priced, variation?: Priced | null): Priced {
  return variation && variation.manage_stock === true ? variation : product;
}

/**
 * The most of one item a cart may hold: 10, or the stock quantity when stock is
 * managed and backorders are not allowed ('yes').
 */
export function stockCap(product: Priced, variation?: Priced | null): number {
  const source = stockSource(product, variation);
  if (source.manage_stock === true && source.backorders !== 'yes') {
    return Math.max(0, Math.min(MAX_CART_COUNT, source.stock_quantity ?? 0));
  }
  return MAX_CART_COUNT;
}

/** Price of a product in the visitor's currency; a variable product without a choice shows its lowest variation price. */
export function displayPrice(product: Product, currency: Currency, variations: Variation[] = [], chosen?: Variation | null): PriceInfo {
  if (chosen) return priceOf(chosen, currency);
  if (variations.length > 0) {
    return variations
      .map((variation) => priceOf(variation, currency))
      .reduce((lowest, next) => (next.price < lowest.price ? next : lowest));
  }
  return priceOf(product, currency);
}
