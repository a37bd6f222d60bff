/**
 * The configurator's add, wired to the cart (docs/spec.md sections 2.13 and 4): the cart's add
 * command `{type: 'add', product_id, configuration: keys}` through the cart store's outbox,
 * answered by the server; when the build replaces a cart line, that line is removed after the add
 * succeeded. Lives in the app because features do not import each other.
 */
import { useCallback } from 'react';
import { useCartStore } from '@/features/cart';
import type { AddResult } from '@/features/configurator';

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
