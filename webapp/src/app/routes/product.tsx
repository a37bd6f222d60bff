import { Suspense, useCallback, useEffect } from 'react';
import { ProductView, recommendationsInStock, type ProductPageData } from '@/features/catalog';
import { useCartStore } from '@/features/cart';
import { closeConfigurator, ConfiguratorModal, openConfigurator, useConfiguratorStore, useSharedBuild } from '@/features/configurator';
import { BlockList } from '@/features/content-blocks';
import { ShippingPromise, useCurrency } from '@/features/country';
import { SITE_NAME } from '@/config/site';
import { useLocation, useNavigate } from '@/lib/router';
import { customizeAction, useConfiguratorCart } from './configuratorCart';
import type { Product, Variation } from '@/types/api';

/** A product page (docs/spec.md section 2.6); `data` from `productPageLoader` (routes/catalogue.tsx). */
export function Page({ data }: { data: ProductPageData }) {
  const { product, variations, swatches, recommended, linked, grouped } = data;
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
  const { pathname } = useLocation();
  // docs/spec.md section 2.6: 'Customize' opens the configurator modal for this product; a
  // configuratorLink pointing to another page (e.g. /custom-keyboard-builder) goes there instead.
  const onCustomize = useCallback(
    (p: Product) => {
      const action = customizeAction(p, pathname);
      if (action.kind === 'open') openConfigurator({ productId: p.id });
      else if (action.kind === 'navigate') void navigate(action.to);
      else window.location.assign(action.href);
    },
    [navigate, pathname],
  );
  // H4: a shared build (?d=) opens the configurator (docs/spec.md section 2.6).
  useSharedBuild(product.id);
  const configuring = useConfiguratorStore((s) => s.productId !== null);
  useEffect(() => closeConfigurator, [product.id]);
  const addConfigured = useConfiguratorCart();
  const setProductAddedToCart = useCartStore((s) => s.setProductAddedToCart);

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
        grouped={grouped}
        currency={currency}
        onAddToCart={onAddToCart}
        onCustomize={onCustomize}
        shippingPromise={<ShippingPromise />}
      />
      <BlockList blocks={product.acf?.content} startIndex={5} />
      {configuring && (
        <Suspense fallback={null}>
          <ConfiguratorModal currency={currency} onAdd={addConfigured} onAdded={(id) => id === product.id && setProductAddedToCart(product)} />
        </Suspense>
      )}
    </>
  );
}
