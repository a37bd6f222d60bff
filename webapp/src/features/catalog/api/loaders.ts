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
}

/** `/{categorySlug}`: the category, its products (100 per page) and the filter terms. 404 when unknown. */
export async function categoryPageLoader({ request }: LoaderFunctionArgs): Promise<CategoryPageData> {
  const slug = new URL(request.url).pathname.split('/').filter(Boolean)[0] ?? '';
  const category = await getCategoryBySlug(slug, request.signal);
  if (!category) throw new Response('Not found', { status: 404 });
  const [products, filters] = await Promise.all([getCategoryProducts(category.id, request.signal), getFilters(request.signal)]);
  return { category, products, filters };
}

/** Filter changes only touch the query: the category page keeps its data (no refetch). */
export function categoryShouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: { currentUrl: URL; nextUrl: URL; defaultShouldRevalidate: boolean }): boolean {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
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
export async function productPageLoader({ params, request }: LoaderFunctionArgs): Promise<ProductPageData> {
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
