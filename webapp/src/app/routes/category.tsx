import { CategoryProducts, getCategoryBySlug, getCategoryProducts } from '@/features/catalog';
import { BlockList } from '@/features/content-blocks';
import { useCurrency } from '@/features/country';
import { PageHeading } from '@/components/PageHeading';
import { SafeHtml } from '@/components/SafeHtml';
import { SITE_NAME } from '@/config/site';
import { useLoaderData, type LoaderFunctionArgs } from '@/lib/router';

export async function loader({ request }: LoaderFunctionArgs) {
  const slug = new URL(request.url).pathname.split('/').filter(Boolean)[0] ?? '';
  const category = await getCategoryBySlug(slug, request.signal);
  if (!category) throw new Response('Not found', { status: 404 });
  const products = await getCategoryProducts(category.id, request.signal);
  return { category, products };
}

export function Component() {
  const { category, products } = useLoaderData() as Awaited<ReturnType<typeof loader>>;
  const currency = useCurrency();
  const hero = category.acf?.hero ?? [];
  return (
    <>
      <title>{`${category.name} – ${SITE_NAME}`}</title>
      {hero.length > 0 ? (
        <BlockList blocks={hero} />
      ) : (
        <div className="container section">
          <PageHeading title={category.name}>
            <SafeHtml html={category.description} />
          </PageHeading>
        </div>
      )}
      <BlockList blocks={category.acf?.header_content} startIndex={Math.max(hero.length, 1)} />
      <CategoryProducts category={category} products={products} currency={currency} />
      <BlockList blocks={category.acf?.footer_content} startIndex={10} />
    </>
  );
}
