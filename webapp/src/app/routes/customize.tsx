import { AppLink } from '@/components/AppLink';
import { PageHeading } from '@/components/PageHeading';
import { SafeHtml } from '@/components/SafeHtml';
import { BlockList, getPageBySlug, hasImageBlock, PromoTiles } from '@/features/content-blocks';
import { apiPaths } from '@/config/paths';
import { PRODUCT_PAGE_SIZE, SITE_NAME } from '@/config/site';
import { getList } from '@/lib/http';
import { productPath } from '@/lib/products';
import { useLoaderData, type LoaderFunctionArgs } from '@/lib/router';
import type { Product } from '@/types/api';

/** The most catalogue pages read for the list (100 products each, docs/spec.md section 9). */
const MAX_PAGES = 20;

export interface CustomizeEntry {
  id: number;
  name: string;
  /** The product's `configuratorLink` when set, else its product page. */
  href: string;
}

/** Products that open a configurator: isConfigurable, or a configuratorLink (docs/spec.md section 2.6). */
export function configurableEntries(products: Product[]): CustomizeEntry[] {
  return products
    .filter((p) => !p.acf?.hide_product && (p.isConfigurable || Boolean(p.acf?.configuratorLink)))
    .map((p) => ({ id: p.id, name: p.name, href: p.acf?.configuratorLink || productPath(p) }));
}

async function configurableProducts(signal: AbortSignal): Promise<CustomizeEntry[]> {
  const all: Product[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const batch = await getList<Product>(apiPaths.products({ per_page: PRODUCT_PAGE_SIZE, page: page > 1 ? page : undefined }), { signal });
    all.push(...batch);
    if (batch.length < PRODUCT_PAGE_SIZE) break;
  }
  return configurableEntries(all);
}

/**
 * The content page 'customize' (its blocks, as any content page) and every catalogue product
 * that opens a configurator, 100 per page; a failed read gives what was read (docs/spec.md section 8).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [page, entries] = await Promise.all([getPageBySlug('customize', request.signal), configurableProducts(request.signal)]);
  return { page, entries };
}

/** /customize (docs/spec.md section 2): the content page's blocks, then the configurable products with links. */
export function Component() {
  const { page, entries } = useLoaderData<Awaited<ReturnType<typeof loader>>>();
  const hero = page?.acf?.hero ?? [];
  return (
    <>
      <title>{`${page?.title.rendered ?? 'Customize'} – ${SITE_NAME}`}</title>
      <BlockList blocks={hero} />
      {hero.length === 0 && (
        <div className="container section">
          <PageHeading title={page ? <SafeHtml as="span" html={page.title.rendered} /> : 'Customize'} />
          {page && <SafeHtml html={page.content.rendered} className="rich-text" />}
        </div>
      )}
      <BlockList blocks={page?.acf?.content} startIndex={hero.length} imagePriority={!hasImageBlock(hero)} />
      <PromoTiles promos={page?.acf?.promos} />
      <section className="container section" aria-labelledby="configurable-products">
        <h2 id="configurable-products">Configurable products</h2>
        {entries.length === 0 ? (
          <p>No configurable products right now.</p>
        ) : (
          <ul>
            {entries.map((e) => (
              <li key={e.id}>
                <AppLink href={e.href}>{e.name}</AppLink>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
