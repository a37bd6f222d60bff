import { useCallback, useEffect } from 'react';
import { productPageLoader, ProductView, recommendationsInStock, type ProductPageData } from '@/features/catalog';
import { useCartStore } from '@/features/cart';
import { BlockList } from '@/features/content-blocks';
import { useCurrency } from '@/features/country';
import { paths } from '@/config/paths';
import { SITE_NAME } from '@/config/site';
import { toAppLink } from '@/lib/links';
import { useLoaderData, useNavigate } from '@/lib/router';
import type { Product, Variation } from '@/types/api';

export { productPageLoader as loader };

export function Component() {
  const { product, variations, swatches, recommended, linked } = useLoaderData<ProductPageData>();
  const currency = useCurrency();
  const add = useCartStore((s) => s.add);
  const setRecommendedProducts = useCartStore((s) => s.setRecommendedProducts);
  // Cart state (docs/spec.md section 3): this page's recommendations in stock; an add removes the added product.
  useEffect(() => setRecommendedProducts(recommendationsInStock(recommended, product)), [recommended, product, setRecommendedProducts]);
  const navigate = useNavigate();

  const onAddToCart = useCallback(
    (p: Product, variation: Variation | null, recommendedBy?: Product | null) => {
      const outcome = add(p, { variation, recommendedBy: recommendedBy ?? null });
      return outcome.ok ? undefined : outcome.message;
    },
    [add],
  );
  const onCustomize = useCallback(
    (p: Product) => {
      const link = toAppLink(p.acf?.configuratorLink || paths.customKeyboardBuilder);
      if (link.internal) void navigate(link.to);
      else window.location.assign(link.href);
    },
    [navigate],
  );

  return (
    <>
      <title>{`${product.name} – ${SITE_NAME}`}</title>
      <BlockList blocks={product.acf?.hero} />
      <ProductView
        key={product.id}
        product={product}
        variations={variations}
        swatches={swatches}
        recommended={recommended}
        linked={linked}
        currency={currency}
        onAddToCart={onAddToCart}
        onCustomize={onCustomize}
      />
      <BlockList blocks={product.acf?.content} startIndex={5} />
    </>
  );
}
