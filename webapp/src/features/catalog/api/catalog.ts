import { apiPaths } from '@/config/paths';
import { PRODUCT_PAGE_SIZE } from '@/config/site';
import { getJson, getList } from '@/lib/http';
import type { ColourSwatch, Product, ProductCategory, StockStatus, Variation } from '@/types/api';
import type { FilterTerm } from '../types';

export async function getCategoryBySlug(slug: string, signal?: AbortSignal): Promise<ProductCategory | null> {
  const categories = await getList<ProductCategory>(apiPaths.categories(slug), { signal });
  return categories.find((c) => c.slug === slug) ?? categories[0] ?? null;
}

/** The order a category listing asks the server for (docs/spec.md section 2.5). */
export interface ListingOrder {
  orderby: 'menu_order' | 'price' | 'date';
  order: 'asc' | 'desc';
  /** The visitor's currency: the prices `orderby: 'price'` compares. */
  currency: string;
}

/** Every product of a category, 100 per page (docs/spec.md section 9), in `order` (default: the shop's featured order). */
export async function getCategoryProducts(categoryId: number, signal?: AbortSignal, order?: ListingOrder): Promise<Product[]> {
  const all: Product[] = [];
  const sort = order && order.orderby !== 'menu_order' ? order : {};
  for (let page = 1; page <= 20; page++) {
    const batch = await getList<Product>(apiPaths.products({ category: categoryId, per_page: PRODUCT_PAGE_SIZE, page: page > 1 ? page : undefined, ...sort }), { signal });
    all.push(...batch);
    if (batch.length < PRODUCT_PAGE_SIZE) break;
  }
  return all;
}

export async function getProductBySlug(slug: string, signal?: AbortSignal): Promise<Product | null> {
  const products = await getList<Product>(apiPaths.products({ slug }), { signal });
  return products[0] ?? null;
}

export interface StockInfo {
  stock_status: StockStatus | 'error';
  variations?: number[];
}

/** Fresh stock (bypasses caches); a failure returns null and the page keeps the listed stock. */
export async function getStock(productId: number, signal?: AbortSignal): Promise<StockInfo | null> {
  const stock = await getJson<StockInfo | null>(apiPaths.productStock(productId), null, { signal });
  return stock && stock.stock_status && stock.stock_status !== 'error' ? stock : null;
}

export function getVariations(productId: number, signal?: AbortSignal): Promise<Variation[]> {
  return getList<Variation>(apiPaths.variations(productId), { signal });
}

export function getColourSwatches(ids: number[], signal?: AbortSignal): Promise<ColourSwatch[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return getList<ColourSwatch>(apiPaths.colourSwatches(ids), { signal });
}

/** Every filter term (docs/spec.md section 3 "Filter"); a failed read gives none (no sidebar). */
export function getFilters(signal?: AbortSignal): Promise<FilterTerm[]> {
  return getList<FilterTerm>(apiPaths.filters, { signal });
}

/** Products by id in the order given (`products/?include={ids}`, docs/spec.md section 7); none for no ids. */
export function getProductsByIds(ids: readonly number[], signal?: AbortSignal): Promise<Product[]> {
  const wanted = [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))].slice(0, PRODUCT_PAGE_SIZE);
  if (wanted.length === 0) return Promise.resolve([]);
  return getList<Product>(apiPaths.products({ include: wanted, per_page: wanted.length }), { signal });
}
