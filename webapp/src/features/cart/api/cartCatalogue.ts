import { apiPaths } from '@/config/paths';
import { getJson, getList } from '@/lib/http';
import type { Product, Variation } from '@/types/api';

/** Catalogue data for restored cart lines: products by id, variations one by one (fresh). */
export async function getCartCatalogue(
  productIds: number[],
  variationRefs: { id: number; variationId: number }[],
  signal?: AbortSignal,
): Promise<{ products: Product[]; variations: Variation[] }> {
  const ids = [...new Set(productIds)];
  const [products, variations] = await Promise.all([
    ids.length ? getList<Product>(apiPaths.products({ include: ids, per_page: 100 }), { signal }) : Promise.resolve([]),
    Promise.all(variationRefs.map((ref) => getJson<Variation | null>(apiPaths.variation(ref.id, ref.variationId), null, { signal }))),
  ]);
  return { products, variations: variations.filter((v): v is Variation => v !== null && typeof v.id === 'number') };
}

export interface TaxRate {
  country: string;
  rate: string;
  name: string;
}

export function getTaxes(signal?: AbortSignal): Promise<TaxRate[]> {
  return getList<TaxRate>(apiPaths.taxes, { signal });
}
