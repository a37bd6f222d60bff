/**
 * Route loaders of the category and product pages (docs/spec.md section 2). The app's route modules
 * re-export them; they live here so the rules are tested with the rest of the catalogue.
 */
import { paths } from '@/config/paths';
import { isHidden } from '@/lib/products';
import { redirect, type LoaderFunctionArgs } from '@/lib/router';
import type { ColourSwatch, Product, ProductCategory, Variation } from '@/types/api';
import type { FilterTerm } from '../types';
import { getCategoryBySlug, getCategoryProducts, getColourSwatches, getFilters, getProductBySlug, getProductsByIds, getVariations } from './catalog';

export interface CategoryPageData {
  category: ProductCategory;
  products: Product[];
  filters: FilterTerm[];
  /** The order the products came in (`?orderby=`). */
  order: CategoryOrder;
}

/**
 * The category page's sort (docs/spec.md section 2.5), in the URL as `?orderby=` with the values
 * WooCommerce's storefront uses; the server sorts (`/api/wc/products?orderby=&order=&currency=`).
 */
export const CATEGORY_ORDERS = [
  { value: 'menu_order', label: 'Featured', listing: { orderby: 'menu_order', order: 'asc' } },
  { value: 'price', label: 'Price: low to high', listing: { orderby: 'price', order: 'asc' } },
  { value: 'price-desc', label: 'Price: high to low', listing: { orderby: 'price', order: 'desc' } },
  { value: 'date', label: 'Newest', listing: { orderby: 'date', order: 'desc' } },
] as const;
export type CategoryOrder = (typeof CATEGORY_ORDERS)[number]['value'];
export const ORDER_PARAM = 'orderby';
export const DEFAULT_ORDER: CategoryOrder = 'menu_order';

/** The sort named in the URL; the default (featured) for a missing or unknown value. */
export function orderFromUrl(url: URL): CategoryOrder {
  const value = url.searchParams.get(ORDER_PARAM);
  return CATEGORY_ORDERS.find((o) => o.value === value)?.value ?? DEFAULT_ORDER;
}

/**
 * `/{categorySlug}`: the category (given when the caller has resolved it, else found by the path's
 * first segment), its products (100 per page) in the URL's order, and the filter terms. `currency`
 * is the visitor's: the prices a price sort compares. 404 when there is no such category.
 */
export async function categoryPageLoader({ request }: Pick<LoaderFunctionArgs, 'request'>, currency = 'EUR', known?: ProductCategory): Promise<CategoryPageData> {
  const url = new URL(request.url);
  const slug = url.pathname.split('/').filter(Boolean)[0] ?? '';
  const category = known ?? (await getCategoryBySlug(decodeURIComponent(slug), request.signal));
  if (!category) throw new Response('Not found', { status: 404 });
  const order = orderFromUrl(url);
  const listing = CATEGORY_ORDERS.find((o) => o.value === order)!.listing;
  const [products, filters] = await Promise.all([
    getCategoryProducts(category.id, request.signal, { ...listing, currency }),
    getFilters(request.signal),
  ]);
  return { category, products, filters, order };
}

/** Filter changes only touch the query: the category page keeps its data (no refetch); a new sort refetches. */
export function categoryShouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: { currentUrl: URL; nextUrl: URL; defaultShouldRevalidate: boolean }): boolean {
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  return orderFromUrl(currentUrl) !== orderFromUrl(nextUrl);
}

export interface ProductPageData {
  product: Product;
  variations: Variation[];
  swatches: ColourSwatch[];
  /** acf.recommended_products, as the API has them (the page keeps those in stock). */
  recommended: Product[];
  /** Linked products (WooCommerce upsells): the picker's other versions of this product. */
  linked: Product[];
  /** A grouped product's children (`grouped_products`, docs/spec.md section 10.1); [] otherwise. */
  grouped: Product[];
}

const recommendedIds = (product: Product): number[] => (Array.isArray(product.acf?.recommended_products) ? product.acf.recommended_products : []);

/**
 * `/{categorySlug}/{productSlug}`, and for draft or pending products also
 * `/{categorySlug}/{parentCategorySlug}/{productSlug}` (docs/spec.md section 2 "Links"): the product
 * is found by its slug, the last path segment. Unknown slug: 404. A product flagged
 * hide_product redirects to '/' (docs/spec.md section 2 "Product page"). A grouped product also
 * loads its children (docs/spec.md section 10.1).
 */
export async function productPageLoader({ params, request }: Pick<LoaderFunctionArgs, 'params' | 'request'>): Promise<ProductPageData> {
  const product = await getProductBySlug(params.productSlug ?? '', request.signal);
  if (!product) throw new Response('Not found', { status: 404 });
  if (isHidden(product)) throw redirect(paths.home);
  const signal = request.signal;
  const [variations, recommended, linked, grouped] = await Promise.all([
    (product.variations?.length ?? 0) > 0 ? getVariations(product.id, signal) : Promise.resolve([]),
    getProductsByIds(recommendedIds(product), signal),
    getProductsByIds(product.upsell_ids ?? [], signal),
    product.type === 'grouped' ? getProductsByIds(product.grouped_products ?? [], signal) : Promise.resolve([]),
  ]);
  const swatchIds = [...new Set(variations.map((v) => v.colour_swatch_id).filter((id): id is number => typeof id === 'number'))];
  const swatches = await getColourSwatches(swatchIds, signal);
  return {
    product,
    variations,
    swatches,
    recommended,
    linked: linked.filter((p) => p.id !== product.id && !isHidden(p)),
    // a grouped product's children: hidden ones included (they are only sold through it), never itself
    grouped: grouped.filter((p) => p.id !== product.id && p.type !== 'grouped'),
  };
}
