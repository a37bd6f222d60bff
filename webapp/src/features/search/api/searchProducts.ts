/**
 * docs/spec.md section 7: GET /api/search/{query} answers product ids, best match first; the products
 * themselves come from /api/wc/products?include={ids} (one request, at most 100). Failed
 * searches are logged only and give no results (docs/spec.md section 8).
 */
import { apiPaths } from '@/config/paths';
import { PRODUCT_PAGE_SIZE } from '@/config/site';
import { getList } from '@/lib/http';
import type { Product } from '@/types/api';

/** Ids of the products matching `query`, best first; [] on failure. */
export async function searchProductIds(query: string, signal?: AbortSignal): Promise<number[]> {
  const ids = await getList<unknown>(apiPaths.search(query), { signal });
  return ids.filter((id): id is number => typeof id === 'number' && Number.isInteger(id) && id > 0);
}

/** The products with `ids`, in the order of `ids` (ids the shop no longer lists drop out). */
export async function getProductsInOrder(ids: readonly number[], signal?: AbortSignal): Promise<Product[]> {
  const wanted = ids.slice(0, PRODUCT_PAGE_SIZE);
  if (wanted.length === 0) return [];
  const products = await getList<Product>(apiPaths.products({ include: wanted, per_page: PRODUCT_PAGE_SIZE }), { signal });
  const byId = new Map(products.map((p) => [p.id, p]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

/** Search, then load the found products (best match first). */
export async function searchProducts(query: string, signal?: AbortSignal): Promise<Product[]> {
  const ids = await searchProductIds(query, signal);
  if (signal?.aborted) return [];
  return getProductsInOrder(ids, signal);
}
