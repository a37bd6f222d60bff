/**
 * The configurator's add, wired to the cart (docs/spec.md sections 2.13 and 4): the cart's add
 * command `{type: 'add', product_id, configuration: keys}` through the cart store's outbox,
 * answered by the server; when the build replaces a cart line, that line is removed after the add
 * succeeded. Lives in the app because features do not import each other.
 */
import { useCallback } from 'react';
import { useCartStore } from '@/features/cart';
import type { AddResult } from '@/features/configurator';
import { toAppLink } from '@/lib/links';
import { productPath } from '@/lib/products';
import type { Product } from '@/types/api';

/** What 'Customize' does for a product. */
export type CustomizeAction = { kind: 'open' } | { kind: 'navigate'; to: string } | { kind: 'assign'; href: string };

/**
 * docs/spec.md section 2.6: 'Customize' opens the configurator modal for the product; a
 * `configuratorLink` pointing to another page (in the app: navigate; another site: load it)
 * goes there instead. A link to the page the shopper is on, or to the product's own page, opens
 * the modal.
 */
export function customizeAction(product: Pick<Product, 'slug' | 'categories' | 'acf' | 'status'>, pathname: string): CustomizeAction {
  const target = product.acf?.configuratorLink;
  if (!target) return { kind: 'open' };
  const link = toAppLink(target);
  if (!link.internal) return { kind: 'assign', href: link.href };
  const path = link.to.split(/[?#]/)[0];
  return path === pathname || path === productPath(product) ? { kind: 'open' } : { kind: 'navigate', to: link.to };
}

/** The configurator's add for the modal and the builder page: `(productId, keys, replaceLineId?) => Promise<AddResult>`. */
export function useConfiguratorCart() {
  const submit = useCartStore((s) => s.submit);
  const remove = useCartStore((s) => s.remove);
  return useCallback(
    async (productId: number, keys: string[], replaceLineId: string | null = null): Promise<AddResult> => {
      const outcome = await submit({ type: 'add', product_id: productId, configuration: keys });
      if (!outcome.ok) return { ok: false, message: outcome.message };
      if (replaceLineId) remove(replaceLineId);
      return { ok: true };
    },
    [submit, remove],
  );
}
