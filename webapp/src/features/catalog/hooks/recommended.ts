/**
 * Recommended products of a product page (docs/spec.md sections 3 and 4): which ones the modal offers
 * after an add, and the price they are offered at.
 */
import { priceOf, toCents, type PriceInfo } from '@/lib/money';
import { isComingSoon, isHidden } from '@/lib/products';
import type { Currency, Product } from '../types';

/** Recommended-price fields of the product JSON (docs/spec.md section 3). */
type WithRecommendedPrice = Product & {
  use_recommended_products_price?: boolean;
  recommended_products_price?: string | null;
  recommended_products_price_usd?: string | null;
};

/**
 * The recommendations the modal may show: in stock, not hidden, not coming soon, not the
 * recommender itself and none of `excluded` (products just added: docs/spec.md section 4, "the added
 * product is removed from the recommendations list"). Order kept.
 */
export function recommendationsInStock(recommended: Product[], recommender: Pick<Product, 'id'>, excluded: ReadonlySet<number> = new Set()): Product[] {
  return recommended.filter(
    (p) => p.stock_status === 'instock' && !isHidden(p) && !isComingSoon(p) && p.id !== recommender.id && !excluded.has(p.id),
  );
}

/** The recommender's discount in percent (0 when not activated). */
export function recommendationDiscount(recommender: Pick<Product, 'acf'>): number {
  const acf = recommender.acf ?? {};
  if (!acf.activate_recommended_products_discount) return 0;
  const percent = Math.trunc(Number(acf.recommended_products_discount ?? 0));
  return Number.isFinite(percent) ? Math.max(0, Math.min(100, percent)) : 0;
}

/**
 * What `item` costs when bought on `recommender`'s recommendation, in minor units (docs/spec.md section 9:
 * discount price = price x (100 - discount) / 100, half up). The base is the item's
 * recommended_products_price when use_recommended_products_price is set, else its own price.
 * Without an active discount: its own price. `regular` is what it costs otherwise (struck
 * through). Display only: the cart and the server decide what is charged.
 */
export function recommendedPrice(item: Product, recommender: Pick<Product, 'acf'>, currency: Currency): PriceInfo {
  const own = priceOf(item, currency);
  const discount = recommendationDiscount(recommender);
  if (discount === 0) return own;
  const extra = item as WithRecommendedPrice;
  const fixed = extra.use_recommended_products_price
    ? toCents(currency === 'USD' ? extra.recommended_products_price_usd : extra.recommended_products_price)
    : null;
  const base = fixed !== null && fixed > 0 ? fixed : own.price;
  const price = Math.floor((base * (100 - discount) + 50) / 100);
  return price < own.price ? { price, regular: own.price, onSale: true } : own;
}
