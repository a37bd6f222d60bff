/**
 * What a cart line's quantity selector offers and why it stops where it does (docs/spec.md
 * sections 2.11 and 4 "Count limits"): the counts the rules allow, 0 to the line's cap (at most
 * 10), and, when the cap is below 10, the rule that sets it in the shopper's words.
 */
import { BUILDER_ADDON_ID, BUILDER_PRODUCT_ID, MAX_COUNT, countOf, stockLimit } from '../store/rules';
import type { LineView } from '../types';

/** The counts to offer: 0..cap, plus the line's current count if a cap has just fallen below it. */
export function quantityChoices(line: Pick<LineView, 'cap' | 'count'>): number[] {
  const top = Math.min(MAX_COUNT, Math.max(line.cap, line.count));
  return Array.from({ length: top + 1 }, (_, n) => n);
}

/**
 * Why `line` cannot go above its cap, or null when only the cart's limit of 10 applies:
 * "Only 2 in stock" / "Out of stock" (the stock the shop may sell, docs/spec.md section 4),
 * "One per Custom Keyboard Builder in your cart" (product 31575 follows 26907), "One per Bragi
 * Pro in your cart" (a discounted recommendation follows its recommender).
 */
export function capReason(line: LineView, lines: readonly LineView[]): string | null {
  if (line.cap >= MAX_COUNT) return null;
  const stock = stockLimit(line.stock);
  if (stock !== null) {
    const heldElsewhere = lines
      .filter((o) => o.line_id !== line.line_id && o.product_id === line.product_id && (o.variation_id ?? null) === (line.variation_id ?? null))
      .reduce((sum, o) => sum + o.count, 0);
    if (Math.max(0, stock - heldElsewhere) <= line.cap) return stock > 0 ? `Only ${stock} in stock` : 'Out of stock';
  }
  const nameOf = (productId: number) => lines.find((o) => o.product_id === productId)?.name;
  if (line.product_id === BUILDER_ADDON_ID && countOf(lines, BUILDER_PRODUCT_ID) <= line.cap) {
    return `One per ${nameOf(BUILDER_PRODUCT_ID) ?? 'custom keyboard'} in your cart`;
  }
  const recommender = line.recommended_by;
  if (recommender !== null && recommender !== undefined && line.use_discount) {
    return `One per ${nameOf(Math.trunc(recommender)) ?? 'recommending product'} in your cart`;
  }
  return null;
}
