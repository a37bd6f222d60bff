import { useCallback } from 'react';
import { getColourSwatches, getProductBySlug, getVariations, ProductView } from '@/features/catalog';
import { useCartStore } from '@/features/cart';
import { BlockList } from '@/features/content-blocks';
import { useCurrency } from '@/features/country';
import { paths } from '@/config/paths';
import { SITE_NAME } from '@/config/site';
import { toAppLink } from '@/lib/links';
import { isHidden } from '@/lib/products';
import { redirect, useLoaderData, useNavigate, type LoaderFunctionArgs } from '@/lib/router';
import type { Product, Variation } from '@/types/api';

export async function loader({ params, request }: LoaderFunctionArgs) {
  const product = await getProductBySlug(params.productSlug ?? '', request.signal);
  if (!product) throw new Response('Not found', { status: 404 });
  if (isHidden(product)) throw redirect(paths.home);
  const variations = (product.variations?.length ?? 0) > 0 ? await getVariations(product.id, request.signal) : [];
  const swatchIds = [...new Set(variations.map((v) => v.colour_swatch_id).filter((id): id is number => typeof id === 'number'))];
  const swatches = await getColourSwatches(swatchIds, request.signal);
  return { product, variations, swatches };
}

export function Component() {
  const { product, variations, swatches } = useLoaderData() as Awaited<ReturnType<typeof loader>>;
  const currency = useCurrency();
  const add = useCartStore((s) => s.add);
  const navigate = useNavigate();

  const onAddToCart = useCallback(
    (p: Product, variation: Variation | null) => {
      const outcome = add(p, { variation });
      return outcome.ok ? undefined : outcome.message;
    },
    [add],
  );
  const onCustomize = useCallback(
    (p: Product) => {
      const link = toAppLink(p.acf?.configuratorLink || paths.customKeyboardBuilder);
      if (link.internal) navigate(link.to);
      else window.location.assign(link.href);
    },
    [navigate],
  );

  return (
    <>
      <title>{`${product.name} – ${SITE_NAME}`}</title>
      <BlockList blocks={product.acf?.hero as never} />
      <ProductView
        key={product.id}
        product={product}
        variations={variations}
        swatches={swatches}
        currency={currency}
        onAddToCart={onAddToCart}
        onCustomize={onCustomize}
      />
      <BlockList blocks={product.acf?.content as never} startIndex={5} />
    </>
  );
}
