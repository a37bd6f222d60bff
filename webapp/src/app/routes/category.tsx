import { CategoryProducts, categoryPageLoader, categoryShouldRevalidate, type CategoryPageData } from '@/features/catalog';
import { BlockList, hasImageBlock } from '@/features/content-blocks';
import { useCurrency } from '@/features/country';
import { PageHeading } from '@/components/PageHeading';
import { SafeHtml } from '@/components/SafeHtml';
import { SITE_NAME } from '@/config/site';
import { useLoaderData } from '@/lib/router';

export { categoryPageLoader as loader, categoryShouldRevalidate as shouldRevalidate };

export function Component() {
  const { category, products, filters } = useLoaderData<CategoryPageData>();
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
      <BlockList blocks={category.acf?.header_content} startIndex={Math.max(hero.length, 1)} imagePriority={!hasImageBlock(hero)} />
      <CategoryProducts category={category} products={products} filters={filters} currency={currency} />
      <BlockList blocks={category.acf?.footer_content} startIndex={10} />
    </>
  );
}
