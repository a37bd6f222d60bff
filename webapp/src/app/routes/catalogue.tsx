/**
 * Every path the route table has no fixed route for (docs/spec.md section 2.1), resolved against
 * the catalogue rather than a list of slugs: `/{category}` when a category has that slug,
 * `/{category}/{product}` and `/{category}/{parent category}/{product}` (drafts, section 2.2) when
 * the first segment is a category, else a content page or post by the last segment (or an old
 * `/{product slug}` link), else the not-found page. The server answers the same paths with
 * HTTP 200 or 404 (`services/catalog/storefront_routes.py`). Each kind's page is its own chunk,
 * loaded with its data.
 */
import type { ComponentType } from 'react';
import { categoryPageLoader, getCategoryBySlug, productPageLoader } from '@/features/catalog';
import { useCountryStore } from '@/features/country';
import { isRouteErrorResponse, useLoaderData, useLocation, type LoaderFunctionArgs } from '@/lib/router';

type Kind = 'category' | 'product' | 'generic';
interface Resolved {
  kind: Kind;
  data: unknown;
}

const MAX_CATALOGUE_DEPTH = 3;
const pages: Partial<Record<Kind, ComponentType<{ data: never }>>> = {};

async function generic(request: Request): Promise<Resolved> {
  const mod = await import('./generic');
  pages.generic = mod.Page;
  return { kind: 'generic', data: await mod.loader({ request }) };
}

const notFound = async (): Promise<Resolved> => {
  const mod = await import('./generic');
  pages.generic = mod.Page;
  return { kind: 'generic', data: { kind: 'not-found' as const } };
};

export async function loader({ request }: LoaderFunctionArgs): Promise<Resolved> {
  const segments = new URL(request.url).pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const first = segments[0];
  const category = first && segments.length <= MAX_CATALOGUE_DEPTH ? await getCategoryBySlug(first, request.signal) : null;
  if (!category || category.slug !== first) return generic(request);
  // The page's chunk and its data load side by side, not one after the other (each is a round
  // trip before the first product can paint: docs/targets.md section 4.7).
  if (segments.length === 1) {
    const [mod, data] = await Promise.all([
      import('./category'),
      categoryPageLoader({ request }, useCountryStore.getState().currency, category),
    ]);
    pages.category = mod.Page;
    return { kind: 'category', data };
  }
  const productModule = import('./product');
  try {
    const productSlug = segments[segments.length - 1];
    const [mod, data] = await Promise.all([productModule, productPageLoader({ request, params: { productSlug } })]);
    pages.product = mod.Page;
    return { kind: 'product', data };
  } catch (error) {
    if (isRouteErrorResponse(error) || (error instanceof Response && error.status === 404)) return notFound();
    throw error; // a redirect (hidden product) or a real failure
  }
}

/** Same path, new query: only a new sort (`?orderby=`) or a product page's query reloads; filters stay client-side. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: { currentUrl: URL; nextUrl: URL; defaultShouldRevalidate: boolean }): boolean {
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  if (currentUrl.searchParams.get('orderby') !== nextUrl.searchParams.get('orderby')) return true;
  return currentUrl.pathname.split('/').filter(Boolean).length > 1 ? defaultShouldRevalidate : false;
}

export function Component() {
  const { kind, data } = useLoaderData<Resolved>();
  const { pathname } = useLocation();
  const Page = pages[kind] as ComponentType<{ data: unknown }> | undefined;
  // keyed by path: a new category or product starts with fresh state (filters, chosen variation)
  return Page ? <Page key={pathname} data={data} /> : null;
}
