import { useCallback } from 'react';
import { CategoryProducts, type CategoryPageData } from '@/features/catalog';
import { useCartStore } from '@/features/cart';
import { BlockList } from '@/features/content-blocks';
import { useCurrency } from '@/features/country';
import { PageHeading } from '@/components/PageHeading';
import { SafeHtml } from '@/components/SafeHtml';
import { SITE_NAME } from '@/config/site';
import styles from './category.module.css';

/** A category page (docs/spec.md section 2.5); `data` from `categoryPageLoader` (routes/catalogue.tsx). */
export function Page({ data }: { data: CategoryPageData }) {
  const { category, products, filters, order } = data;
  const currency = useCurrency();
  const add = useCartStore((s) => s.add);
  // Quick add (docs/spec.md section 2.5): one of a simple product, by the cart's own rules.
  const onQuickAdd = useCallback((product: CategoryPageData['products'][number]) => {
    const outcome = add(product, { variation: null, recommendedBy: null });
    return outcome.ok ? undefined : outcome.message;
  }, [add]);
  const hero = category.acf?.hero ?? [];
  return (
    <>
      <title>{`${category.name} – ${SITE_NAME}`}</title>
      {/* A compact banner, then the products at once; the header content follows them, so the
          first products are above the fold (docs/spec.md section 2.5). */}
      {hero.length > 0 ? (
        <div className={styles.compactHero}>
          <BlockList blocks={hero} />
        </div>
      ) : (
        <div className={`container ${styles.heading}`}>
          <PageHeading title={category.name}>
            <SafeHtml html={category.description} />
          </PageHeading>
        </div>
      )}
      <CategoryProducts category={category} products={products} filters={filters} currency={currency} order={order} onQuickAdd={onQuickAdd} />
      <BlockList blocks={category.acf?.header_content} startIndex={Math.max(hero.length, 1)} imagePriority={false} />
      <BlockList blocks={category.acf?.footer_content} startIndex={10} />
    </>
  );
}
