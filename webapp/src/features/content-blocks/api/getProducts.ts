import { apiPaths } from '@/config/paths';
import { getList } from '@/lib/http';
import type { Product } from '@/types/api';

/**
 * Products for related_products and trending_products blocks, in the order the
 * block lists them (GET /api/wc/products?include=..., docs/spec.md section 7). Missing
 * ids are skipped, and so are products with catalogue visibility `hidden` (reachable only by
 * their own link, docs/spec.md section 10.5); a failed read gives an empty list (docs/spec.md
 * section 8).
 */
export async function getProductsByIds(ids: readonly number[], signal?: AbortSignal): Promise<Product[]> {
  if (ids.length === 0) return [];
  const products = await getList<Product>(apiPaths.products({ include: [...ids], per_page: Math.min(100, ids.length) }), { signal });
  const byId = new Map(products.map((p) => [p.id, p]));
  return ids.map((id) => byId.get(id)).filter((p): p is Product => Boolean(p) && p?.catalog_visibility !== 'hidden');
}
