/**
 * Placeholder for H4's `?d=` restore (docs/spec.md section 2.6: a shared configuration arrives in
 * the query parameter `d`; the configurator opens after 2 seconds). H4's version replaces this
 * file; the product page already calls it with its product id.
 */
export function useSharedBuild(productId: number | null): void {
  void productId;
}
